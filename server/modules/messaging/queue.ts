/**
 * Queues a notification's messages beyond push, in the notification's own transaction (the
 * messaging module's public file for the modules that tell parents: eslint.config.js
 * modulePublicFiles). One row per notification and parent for the kind's first channel after push
 * that the school has turned on: due when the push has had the school's minutes for a parent with
 * a registered device, at once for one without. The loop (sender.ts) decides at the due time
 * whether it still goes: not when the parent opened the notification meanwhile.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MessageKind } from '../../../contract/messaging';
import { anyOf } from '../../db/any-of';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { deviceTokens } from '../notifications/tables';
import { channelsAfter, settingsOf } from './settings';
import { messageDeliveries, type MessageValues } from './tables';

export type { MessageValues };

export interface ChannelMessage {
  notificationId: string;
  userIds: readonly string[];
  /** The child it is about, when it is about one. */
  studentId: string | null;
  values: MessageValues;
}

export async function queueMessages(tx: Db, tenantId: string, kind: MessageKind, items: readonly ChannelMessage[], now: Date = new Date()): Promise<void> {
  const rows = items.flatMap((item) => item.userIds.map((userId) => ({ ...item, userId })));
  if (rows.length === 0) return;
  const settings = await settingsOf(tx, tenantId);
  const chain = channelsAfter(settings, kind);
  const first = chain.find((channel) => channel !== 'push');
  if (!first) return;
  const pushFirst = chain[0] === 'push';
  const later = new Date(now.getTime() + settings.escalationMinutes * 60_000);
  await tx.execute(sql`
    insert into ${messageDeliveries} (id, tenant_id, notification_id, user_id, student_id, kind, channel, values, urgent, due_at)
    select gen_random_uuid(), ${tenantId}, v.notification_id, v.user_id, v.student_id, ${kind}, ${first}, v.values::jsonb, ${settings.kinds[kind].urgent},
      case when ${pushFirst} and exists (
        select 1 from ${deviceTokens} where ${deviceTokens.tenantId} = ${tenantId} and ${deviceTokens.userId} = v.user_id
      ) then ${later.toISOString()}::timestamptz else ${now.toISOString()}::timestamptz end
    from unnest(${arrayParam(rows.map((row) => row.notificationId), 'uuid')}, ${arrayParam(rows.map((row) => row.userId), 'uuid')},
      ${arrayParam(rows.map((row) => row.studentId), 'uuid')}, ${sql.param(rows.map((row) => JSON.stringify(row.values)))}::text[])
      as v(notification_id, user_id, student_id, values)
    on conflict (notification_id, user_id, channel, student_id) do nothing`);
}

/** Drops the messages not sent yet of these notifications (an alert corrected before it went). */
export async function dropUnsentMessages(tx: Db, tenantId: string, notificationIds: readonly string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx
    .delete(messageDeliveries)
    .where(and(eq(messageDeliveries.tenantId, tenantId), anyOf(messageDeliveries.notificationId, notificationIds, 'uuid'), eq(messageDeliveries.status, 'queued')));
}
