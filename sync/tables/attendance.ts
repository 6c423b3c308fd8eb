/** The attendance mirror table and its row, below the kinds and the mirror that read it (sync/modules/attendance.ts lists it). */
import type { AttendanceRecord } from '../../contract/attendance';
import { mirrorTable } from '../mirror-table';

/** Attendance, keyed by student and date (one record per student per date). */
export type AttendanceRow = AttendanceRecord;

export const attendanceTable = mirrorTable<AttendanceRow, [string, string]>()('attendance', { 1: '[studentId+date], id, [classId+date], date, rev' });
