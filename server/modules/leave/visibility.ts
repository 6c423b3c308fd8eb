/**
 * Who sees which leave (the list routes and the pull alike): an admin the school's; a teacher the
 * student leave of the classes she teaches (class teacher or a subject in it) and her own; a
 * family their children's and what they applied for.
 */
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import { classes, classSubjects, users } from '../../db/core-tables';
import type { ReadScope } from '../../module-kit/scope';
import { leaveApplications as leave } from './tables';

export function visibleLeave(scope: Pick<ReadScope, 'role' | 'userId' | 'studentIds'>): SQL | undefined {
  if (scope.role === 'admin') return undefined;
  const own = sql`${leave.applicantId} = ${scope.userId}::uuid`;
  if (scope.role === 'teacher') {
    const taught = sql`${leave.classId} in (
      select ${classes.id} from ${classes} join ${users} on ${users.tenantId} = ${classes.tenantId} and ${users.id} = ${scope.userId}::uuid
        where ${classes.tenantId} = ${leave.tenantId} and ${classes.classTeacherId} = ${users.teacherId} and ${classes.deletedAt} is null
      union
      select ${classSubjects.classId} from ${classSubjects} join ${users} on ${users.tenantId} = ${classSubjects.tenantId} and ${users.id} = ${scope.userId}::uuid
        where ${classSubjects.tenantId} = ${leave.tenantId} and ${classSubjects.teacherId} = ${users.teacherId} and ${classSubjects.deletedAt} is null)`;
    return or(own, and(sql`${leave.studentId} is not null`, taught));
  }
  return scope.studentIds.length > 0 ? or(own, inArray(leave.studentId, scope.studentIds)) : own;
}

