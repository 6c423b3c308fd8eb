/** Attendance on the device: one row per student and date, and the sheet kind. */
import type { AttendanceRow } from '../db';
import { markSheet } from '../kinds/attendance';
import { defineSyncModule, mirrorTable } from './module';

export const attendanceSync = defineSyncModule({
  name: 'attendance',
  tables: [mirrorTable<AttendanceRow, [string, string]>()('attendance', { 1: '[studentId+date], id, [classId+date], date, rev' })],
  kinds: [markSheet],
});
