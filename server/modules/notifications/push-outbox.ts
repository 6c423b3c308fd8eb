/**
 * The push queue's writes (docs/decisions.md "Notifications and push"): made inside the
 * notification's own transaction, one row per notification and registered device of its audience
 * at that time, due at its publish time. The unique (notification, token) key means a device is
 * queued once per notification, whatever is re-sent or edited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { users } from '../../db/core-tables';
import { deviceTokens, notifications, pushOutbox } from './tables';
import { reaches, userRowViewer } from './audience';

/**
 * Queues the pushes of these notifications. A notification to named people reaches their devices
 * through the audience list and the device index; any other audience is checked against every
 * device of the school. (Absence alerts, hundreds at 9 am, each checked the school's every device:
 * a 500-class burst in a school whose parents had phones registered took 51 s instead of ~1.5.)
 */
export async function queuePushes(tx: Db, tenantId: string, notificationIds: readonly string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(sql`
    insert into ${pushOutbox} (id, tenant_id, notification_id, token, user_id, due_at)
    select gen_random_uuid(), ${deviceTokens.tenantId}, ${notifications.id}, ${deviceTokens.token}, ${deviceTokens.userId}, ${notifications.publishAt}
    from ${notifications}
    cross join lateral unnest(${notifications.audienceUserIds}) as audience(user_id)
    join ${users} on ${users.tenantId} = ${notifications.tenantId} and ${users.id} = audience.user_id
    join ${deviceTokens} on ${deviceTokens.tenantId} = ${users.tenantId} and ${deviceTokens.userId} = ${users.id}
    where ${notifications.tenantId} = ${tenantId} and ${anyOf(notifications.id, notificationIds, 'uuid')}
      and ${notifications.audienceKind} = 'people'
      and ${users.deletedAt} is null and ${users.status} = 'active' and ${reaches(userRowViewer)}
    on conflict (notification_id, token) do nothing`);
  await tx.execute(sql`
    insert into ${pushOutbox} (id, tenant_id, notification_id, token, user_id, due_at)
    select gen_random_uuid(), ${deviceTokens.tenantId}, ${notifications.id}, ${deviceTokens.token}, ${deviceTokens.userId}, ${notifications.publishAt}
    from ${notifications}
    join ${deviceTokens} on ${deviceTokens.tenantId} = ${notifications.tenantId}
    join ${users} on ${users.tenantId} = ${deviceTokens.tenantId} and ${users.id} = ${deviceTokens.userId}
    where ${notifications.tenantId} = ${tenantId} and ${anyOf(notifications.id, notificationIds, 'uuid')}
      and ${notifications.audienceKind} <> 'people'
      and ${users.deletedAt} is null and ${users.status} = 'active' and ${reaches(userRowViewer)}
    on conflict (notification_id, token) do nothing`);
}

/** Drops what is not sent yet (a withdrawn notification; an edit of a scheduled one queues again). */
export async function dropUnsentPushes(tx: Db, tenantId: string, notificationIds: readonly string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx
    .delete(pushOutbox)
    .where(and(eq(pushOutbox.tenantId, tenantId), anyOf(pushOutbox.notificationId, notificationIds, 'uuid'), isNull(pushOutbox.sentAt)));
}
