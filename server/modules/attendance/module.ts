/** The attendance module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { markSheetsWrite } from './mark-sheets-write';
import { attendanceRoutes } from './routes';
import { attendanceSyncSource } from './sync-source';

export const attendanceModule = defineModule({
  name: 'attendance',
  summary: 'Attendance sheets, marks and reports.',
  routes: attendanceRoutes,
  syncSources: [attendanceSyncSource],
  batchWrites: [markSheetsWrite],
});
