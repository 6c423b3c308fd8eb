/** Attendance in the pull: staff the school's, a family their own students' records; this year's. */
import { and, gte, inArray } from 'drizzle-orm';
import { attendance } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toAttendanceRecord } from './records';

export const attendanceSyncSource = defineSyncSource({
  entity: 'attendance',
  table: attendance,
  // This year's days only, once the school has a year of its own (SyncScope.syncFrom).
  where: (scope) => {
    const recent = scope.syncFrom ? gte(attendance.date, scope.syncFrom) : undefined;
    if (scope.school) return recent;
    return scope.studentIds.length ? and(inArray(attendance.studentId, scope.studentIds), recent) : 'none';
  },
  records: eachRow(toAttendanceRecord),
});
