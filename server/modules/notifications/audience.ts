/**
 * Who a notification reaches (docs/decisions.md "Notifications and push (issue 11)"), written once
 * as an SQL predicate over a viewer: resolving an audience to users (push fan-out, read counts) and
 * the pull's and `mine`'s scope both use it. Whole school: everyone; roles: staff (admins and
 * teachers), students, parents; classes: the students of those classes and their parents; people:
 * those users.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

/** A viewer as SQL expressions: a user row's columns, or one signed-in user's values. */
export interface Viewer {
  userId: SQL;
  role: SQL;
  /** uuid[]: the classes of the viewer's own student record or children. */
  classIds: SQL;
}

const column = (name: string) => sql.raw(`"notifications"."${name}"`);

/**
 * True where the notification row's audience includes the viewer (published or not). The
 * notification's columns are named with their table, so the rule also holds inside a subquery.
 */
export function reaches(viewer: Viewer): SQL {
  return sql`(${column('audience_kind')} = 'school'
    or (${column('audience_kind')} = 'roles' and (case ${viewer.role} when 'admin' then 'staff' when 'teacher' then 'staff'
          when 'student' then 'students' else 'parents' end) = any(${column('audience_roles')}))
    or (${column('audience_kind')} = 'classes' and ${viewer.role} in ('student', 'parent') and ${column('audience_class_ids')} && ${viewer.classIds})
    or (${column('audience_kind')} = 'people' and ${viewer.userId} = any(${column('audience_user_ids')})))`;
}

export function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`'{}'::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** One signed-in user as a viewer (their scope's classes: own class, or the children's). */
export function viewerOf(user: { userId: string; role: RoleName; classIds: readonly string[] }): Viewer {
  return { userId: sql`${user.userId}::uuid`, role: sql`${user.role}`, classIds: uuidArray(user.classIds) };
}

/**
 * The users table's row as a viewer (the same classes as module-kit/scope.ts scopeOf). Spelled out
 * with table names for the same reason as `column` above.
 */
export const userRowViewer: Viewer = {
  userId: sql.raw('"users"."id"'),
  role: sql.raw('"users"."role"'),
  classIds: sql.raw(`array(select "s"."class_id" from "students" "s"
    where "s"."tenant_id" = "users"."tenant_id" and "s"."class_id" is not null
      and ("s"."id" = "users"."student_id" or "s"."id" in (
        select "pc"."student_id" from "parent_children" "pc"
        where "pc"."tenant_id" = "users"."tenant_id" and "pc"."user_id" = "users"."id" and "pc"."deleted_at" is null)))`),
};

/** The active users a stored notification reaches. */
export async function audienceUserIds(db: Db, tenantId: string, notificationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(notifications, and(eq(notifications.tenantId, users.tenantId), eq(notifications.id, notificationId)))
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt), eq(users.status, 'active'), reaches(userRowViewer)));
  return rows.map((row) => row.id);
}

/**
 * The outer row's columns spelled out: in a single-table select, drizzle writes a column inside a
 * selected `sql` without its table, which a subquery over users would take for its own.
 */
export const outer = { tenantId: column('tenant_id'), id: column('id') };

/** SQL counting the active users the current notifications row reaches (a correlated subquery). */
export const audienceSizeOfRow = sql<number>`(select count(*)::int from "users"
  where "users"."tenant_id" = ${outer.tenantId} and "users"."deleted_at" is null and "users"."status" = 'active' and ${reaches(userRowViewer)})`;
