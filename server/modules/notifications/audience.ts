/**
 * Who a notification reaches (docs/decisions.md "Notifications and push"): the kit's
 * audience rule (server/module-kit/audience.ts) over the notifications table, an SQL predicate over
 * a viewer that resolving an audience to users (push fan-out, read counts) and the pull's and
 * `mine`'s scope all use. Whole school: everyone; roles: staff (admins and teachers), students,
 * parents; classes: the students of those classes and their parents; people: those users.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core-tables';
import { notifications } from './tables';
import { audienceReaches, type AudienceViewer } from '../../module-kit/audience';

const column = (name: string) => sql.raw(`"notifications"."${name}"`);

/** True where the notification row's audience includes the viewer (published or not): the kit's rule. */
export function reaches(viewer: AudienceViewer): SQL {
  return audienceReaches('notifications', viewer);
}

/**
 * The users table's row as a viewer (the same classes as module-kit/scope.ts scopeOf). Spelled out
 * with table names for the same reason as `column` above.
 */
export const userRowViewer: AudienceViewer = {
  userId: sql.raw('"users"."id"'),
  role: sql.raw('"users"."role"'),
  // Two lookups by key rather than one OR over both (which scanned every student per user).
  classIds: sql.raw(`array(select "s"."class_id" from "students" "s"
      where "s"."tenant_id" = "users"."tenant_id" and "s"."id" = "users"."student_id" and "s"."class_id" is not null
    union all
    select "s"."class_id" from "parent_children" "pc"
      join "students" "s" on "s"."tenant_id" = "pc"."tenant_id" and "s"."id" = "pc"."student_id"
      where "pc"."tenant_id" = "users"."tenant_id" and "pc"."user_id" = "users"."id" and "pc"."deleted_at" is null
        and "s"."class_id" is not null)`),
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
