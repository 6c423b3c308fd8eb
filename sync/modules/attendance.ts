/** Attendance on the device: one row per student and date, the sheet kind, and the marks counted by class and day. */
import { markSheet } from '../kinds/attendance';
import { defineSyncModule } from '../module-kit';
import { attendanceTable } from '../tables/attendance';
import { attendanceDaysTable } from '../tables/attendance-days';

export { attendanceTable, type AttendanceRow } from '../tables/attendance';
export { attendanceDaysTable, type AttendanceDayRow } from '../tables/attendance-days';

export const attendanceSync = defineSyncModule({
  name: 'attendance',
  tables: [attendanceTable],
  kinds: [markSheet],
  tallies: [attendanceDaysTable],
});
