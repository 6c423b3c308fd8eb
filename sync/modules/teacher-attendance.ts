/** Staff attendance on the device: one row per teacher and date (admins all, a teacher their own), and the sheet kind. */
import type { TeacherAttendance } from '../../contract/teacher-attendance';
import { teacherMarkSheet } from '../kinds/teacher-attendance';
import { defineSyncModule } from '../module-kit';
import { mirrorTable } from '../mirror-table';

export type TeacherAttendanceRow = TeacherAttendance;

export const teacherAttendanceTable = mirrorTable<TeacherAttendanceRow>()('teacherAttendance', { 4: 'id, [teacherId+date], date, rev' });

export const teacherAttendanceSync = defineSyncModule({
  name: 'teacherAttendance',
  tables: [teacherAttendanceTable],
  kinds: [teacherMarkSheet],
});
