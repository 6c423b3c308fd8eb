/**
 * What became of one notification's messages, per recipient and channel: the push from the push
 * queue (queued, sent, read once the parent opened it, failed when FCM gave up) and each WhatsApp
 * and SMS message from the messaging queue, with the providers' statuses.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Delivery, DeliveryStatus } from '../../../contract/messaging';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/core-tables';
import { absenceAlerts, notificationReads, pushOutbox } from '../notifications/tables';
import { messageDeliveries } from './tables';

/** A push that FCM refused this many times is given up (server/modules/notifications/delivery.ts). */
const pushGivenUpAfter = 10;

type PushRow = {
  userId: string;
  name: string;
  sentAt: string | null;
  dueAt: string;
  attempts: number;
  lastError: string | null;
  readAt: string | null;
};

export async function deliveriesOf(db: Db, tenantId: string, notificationId: string): Promise<Delivery[]> {
  const pushes = await queryRows<PushRow>(
    db,
    sql`select p.user_id as "userId", u.username as name, max(p.sent_at)::text as "sentAt", min(p.due_at)::text as "dueAt",
          max(p.attempts)::int as attempts, max(p.last_error) as "lastError", max(r.read_at)::text as "readAt"
        from ${pushOutbox} p
        join ${users} u on u.tenant_id = p.tenant_id and u.id = p.user_id
        left join ${notificationReads} r on r.tenant_id = p.tenant_id and r.notification_id = p.notification_id and r.user_id = p.user_id
        where p.tenant_id = ${tenantId} and p.notification_id = ${notificationId}
        group by p.user_id, u.username`,
  );
  const [alert] = await db
    .select({ studentId: absenceAlerts.studentId })
    .from(absenceAlerts)
    .where(and(eq(absenceAlerts.tenantId, tenantId), sql`${notificationId} in (${absenceAlerts.notificationId}, ${absenceAlerts.correctionId})`))
    .limit(1);
  const iso = (text: string) => new Date(text).toISOString();
  const pushDeliveries: Delivery[] = pushes.map((row) => {
    let status: DeliveryStatus = 'queued';
    let at = row.dueAt;
    if (row.readAt && row.sentAt) [status, at] = ['read', row.readAt];
    else if (row.sentAt) [status, at] = ['sent', row.sentAt];
    else if (row.attempts >= pushGivenUpAfter) status = 'failed';
    return {
      recipientUserId: row.userId,
      recipientName: row.name,
      studentId: alert?.studentId ?? null,
      channel: 'push',
      status,
      reason: status === 'failed' ? row.lastError : null,
      at: iso(at),
    };
  });
  const messages = await db
    .select({
      userId: messageDeliveries.userId,
      name: users.username,
      studentId: messageDeliveries.studentId,
      channel: messageDeliveries.channel,
      status: messageDeliveries.status,
      reason: messageDeliveries.reason,
      statusAt: messageDeliveries.statusAt,
      dueAt: messageDeliveries.dueAt,
    })
    .from(messageDeliveries)
    .innerJoin(users, and(eq(users.tenantId, messageDeliveries.tenantId), eq(users.id, messageDeliveries.userId)))
    .where(and(eq(messageDeliveries.tenantId, tenantId), eq(messageDeliveries.notificationId, notificationId)))
    .orderBy(asc(messageDeliveries.createdAt));
  const messageList: Delivery[] = messages.map((row) => ({
    recipientUserId: row.userId,
    recipientName: row.name,
    studentId: row.studentId,
    channel: row.channel as Delivery['channel'],
    status: row.status as DeliveryStatus,
    // A queued row's reason is the last failed try's, kept for the loop; the list shows failures' only.
    reason: row.status === 'failed' ? row.reason : null,
    at: (row.status === 'queued' ? row.dueAt : row.statusAt).toISOString(),
  }));
  const order = { push: 0, whatsapp: 1, sms: 2 } as const;
  return [...pushDeliveries, ...messageList].sort(
    (a, b) => a.recipientName.localeCompare(b.recipientName) || a.recipientUserId.localeCompare(b.recipientUserId) || order[a.channel] - order[b.channel],
  );
}

/** A month's WhatsApp and SMS messages (one per provider message, however many rows it carried). */
export async function monthUsage(db: Db, tenantId: string, month: string): Promise<{ whatsapp: number; sms: number }> {
  const rows = await queryRows<{ channel: string; messages: number }>(
    db,
    sql`select channel, count(distinct provider_message_id)::int as messages
        from ${messageDeliveries}
        where tenant_id = ${tenantId} and provider_message_id is not null
          and (sent_at at time zone 'Asia/Kolkata') >= ${`${month}-01`}::date
          and (sent_at at time zone 'Asia/Kolkata') < (${`${month}-01`}::date + interval '1 month')
        group by channel`,
  );
  const count = (channel: string) => rows.find((row) => row.channel === channel)?.messages ?? 0;
  return { whatsapp: count('whatsapp'), sms: count('sms') };
}
