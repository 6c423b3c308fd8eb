/**
 * Attendance marks counted by class and day, by status (sync/tally-table.ts): what the dashboards'
 * trends read instead of every mark of the last 30 school days. The store keeps it in step with
 * the attendance table (sync/tally-keeper.ts); the first version fills it from a device's marks.
 */
import { attendanceStatuses } from '../../contract/attendance-statuses';
import { tallyTable, type TallyRow } from '../tally-table';
import { attendanceTable, type AttendanceRow } from './attendance';

export const attendanceDaysTable = tallyTable<AttendanceRow>()({
  name: 'attendanceDays',
  source: attendanceTable.name,
  indexes: { 7: '[date+classId]' },
  counts: attendanceStatuses,
  groupOf: (row) => ({ date: row.date, classId: row.classId }),
  countOf: (row) => row.status,
});

/** One class's marks of one day: how many students were present, absent, late and on leave. */
export type AttendanceDayRow = TallyRow<{ date: string; classId: string }, (typeof attendanceStatuses)[number]>;
