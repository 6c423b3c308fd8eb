/** Attendance on the device: one row per student and date, and the sheet kind. */
import { markSheet } from '../kinds/attendance';
import { defineSyncModule } from '../module-kit';
import { attendanceTable } from '../tables/attendance';

export { attendanceTable, type AttendanceRow } from '../tables/attendance';

export const attendanceSync = defineSyncModule({
  name: 'attendance',
  tables: [attendanceTable],
  kinds: [markSheet],
});
