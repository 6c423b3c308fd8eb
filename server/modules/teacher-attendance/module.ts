/** The teacher-attendance module's descriptor (docs/adding-a-module.md). */
import { teacherAttendancePaths } from '../../../contract/teacher-attendance';
import { defineModule } from '../../module-kit/module';
import { teacherAttendanceRoutes } from './routes';
import { teacherAttendanceSyncSource } from './sync-source';

export const teacherAttendanceModule = defineModule({
  name: 'teacherAttendance',
  summary: 'Staff attendance marked by admins each day, and the monthly register with working days and totals.',
  routes: teacherAttendanceRoutes,
  syncSources: [teacherAttendanceSyncSource],
  paths: teacherAttendancePaths,
});
