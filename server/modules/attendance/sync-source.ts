/** Attendance in the pull: staff the school's, a family their own students' records. */
import { inArray } from 'drizzle-orm';
import { attendance } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toAttendanceRecord } from './records';

export const attendanceSyncSource = defineSyncSource({
  entity: 'attendance',
  table: attendance,
  where: (scope) =>
    scope.school ? undefined : scope.studentIds.length ? inArray(attendance.studentId, scope.studentIds) : 'none',
  records: eachRow(toAttendanceRecord),
});
