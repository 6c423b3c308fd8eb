/**
 * Staff attendance in the pull: admins the school's (they mark it offline); a teacher their own
 * (their month in /admin/profile); families none. This year's (SyncScope.syncFrom).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { users } from '../../db/core-tables';
import { teacherAttendance } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toTeacherAttendance } from './repository';

export const teacherAttendanceSyncSource = defineSyncSource({
  entity: 'teacherAttendance',
  table: teacherAttendance,
  where: (scope) => {
    const recent = scope.syncFrom ? gte(teacherAttendance.date, scope.syncFrom) : undefined;
    if (scope.role === 'admin') return recent;
    if (scope.role !== 'teacher') return 'none';
    return and(sql`${teacherAttendance.teacherId} = (select ${users.teacherId} from ${users} where ${eq(users.id, scope.userId)})`, recent);
  },
  records: eachRow(toTeacherAttendance),
});
