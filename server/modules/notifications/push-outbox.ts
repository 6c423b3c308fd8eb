/**
 * The push queue's writes (docs/decisions.md "Notifications and push (issue 11)"): made inside the
 * notification's own transaction, one row per notification and registered device of its audience
 * at that time, due at its publish time. The unique (notification, token) key means a device is
 * queued once per notification, whatever is re-sent or edited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceTokens, notifications, pushOutbox, users } from '../../db/schema';
import { reaches, userRowViewer } from './audience';

export async function queuePushes(tx: Db, tenantId: string, notificationId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${pushOutbox} (id, tenant_id, notification_id, token, user_id, due_at)
    select gen_random_uuid(), ${deviceTokens.tenantId}, ${notifications.id}, ${deviceTokens.token}, ${deviceTokens.userId}, ${notifications.publishAt}
    from ${deviceTokens}
    join ${users} on ${users.tenantId} = ${deviceTokens.tenantId} and ${users.id} = ${deviceTokens.userId}
    join ${notifications} on ${notifications.tenantId} = ${deviceTokens.tenantId} and ${notifications.id} = ${notificationId}
    where ${deviceTokens.tenantId} = ${tenantId} and ${users.deletedAt} is null and ${users.status} = 'active' and ${reaches(userRowViewer)}
    on conflict (notification_id, token) do nothing`);
}

/** Drops what is not sent yet (a withdrawn notification; an edit of a scheduled one queues again). */
export async function dropUnsentPushes(tx: Db, tenantId: string, notificationId: string): Promise<void> {
  await tx
    .delete(pushOutbox)
    .where(and(eq(pushOutbox.tenantId, tenantId), eq(pushOutbox.notificationId, notificationId), isNull(pushOutbox.sentAt)));
}
