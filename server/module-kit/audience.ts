/**
 * Who a record addressed to an audience reaches (the whole school; chosen classes; roles: staff,
 * students, parents; chosen people), as an SQL predicate over a viewer, for any table with the
 * audience columns (audience_kind, audience_class_ids, audience_roles, audience_user_ids). The same
 * rule as notifications (docs/decisions.md "Notifications and push"), kept below the
 * modules so events and later modules share it without importing another module; with the
 * checks an addressed record's writes share (the audience normalised, its ids this school's).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type Audience, notificationMessages } from '../../contract/notifications';
import type { RoleName } from '../../contract/roles';
import { arrayParam } from '../db/array-param';
import type { Db } from '../db/client';
import { classes, users } from '../db/core-tables';
import { badRequest } from '../errors';

/** Keeps only the list the kind uses, without repeats. */
export function normalAudience(audience: Audience): Audience {
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    kind: audience.kind,
    classIds: audience.kind === 'classes' ? unique(audience.classIds) : [],
    roles: audience.kind === 'roles' ? unique(audience.roles) : [],
    userIds: audience.kind === 'people' ? unique(audience.userIds) : [],
  };
}

/** An audience as the four audience columns of the table it is stored in. */
export function audienceColumns(audience: Audience) {
  return {
    audienceKind: audience.kind,
    audienceClassIds: audience.classIds,
    audienceRoles: audience.roles,
    audienceUserIds: audience.userIds,
  };
}

/** The chosen classes and people must be live records of this school (400 naming the audience otherwise). */
export async function assertAudienceOfSchool(tx: Db, tenantId: string, audience: Audience): Promise<void> {
  const unknown = () => badRequest(notificationMessages.audienceUnknown, { fieldErrors: { audience: [notificationMessages.audienceUnknown] } });
  if (audience.classIds.length > 0) {
    const found = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), inArray(classes.id, audience.classIds), isNull(classes.deletedAt)));
    if (found.length !== audience.classIds.length) throw unknown();
  }
  if (audience.userIds.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, audience.userIds), isNull(users.deletedAt)));
    if (found.length !== audience.userIds.length) throw unknown();
  }
}

/** A viewer as SQL expressions: one signed-in user's values, or a user row's columns. */
export interface AudienceViewer {
  userId: SQL;
  role: SQL;
  /** uuid[]: the classes of the viewer's own student record or children. */
  classIds: SQL;
}

/** One signed-in user as a viewer (their scope's classes: own class, or the children's). */
export function audienceViewerOf(user: { userId: string; role: RoleName; classIds: readonly string[] }): AudienceViewer {
  return { userId: sql`${user.userId}::uuid`, role: sql`${user.role}`, classIds: arrayParam(user.classIds, 'uuid') };
}

/**
 * True where the row of `table` addresses the viewer. The columns are named with their table, so
 * the rule also holds inside a subquery. Classes reach their students and those students' parents.
 */
export function audienceReaches(table: string, viewer: AudienceViewer): SQL {
  const column = (name: string) => sql.raw(`"${table}"."${name}"`);
  return sql`(${column('audience_kind')} = 'school'
    or (${column('audience_kind')} = 'roles' and (case ${viewer.role} when 'admin' then 'staff' when 'teacher' then 'staff'
          when 'student' then 'students' else 'parents' end) = any(${column('audience_roles')}))
    or (${column('audience_kind')} = 'classes' and ${viewer.role} in ('student', 'parent') and ${column('audience_class_ids')} && ${viewer.classIds})
    or (${column('audience_kind')} = 'people' and ${viewer.userId} = any(${column('audience_user_ids')})))`;
}
