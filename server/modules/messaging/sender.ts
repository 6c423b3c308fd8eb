/**
 * The messaging loop's work (docs/decisions.md "WhatsApp and SMS"): sends the queued WhatsApp and
 * SMS messages that are due, one process at a time (the caller holds the advisory lock). At the
 * due time a message still goes only if it should: not when the parent opened the push meanwhile,
 * not in quiet hours unless the school marked the kind urgent, not to a number that replied STOP or
 * on a channel the parent turned off. Rows for one number, kind and day go as one message naming
 * every child (siblings; two parents on one number). A refused message moves on to the kind's next
 * channel; 429, 5xx and no answer wait with backoff, so an outage delays messages without losing
 * them. A row is marked sent right after the provider's 200, as pushes are.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { messagingMessages, quietHours, type Channel, type MessageKind, type MessagingSettingsValues } from '../../../contract/messaging';
import { isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { users } from '../../db/core-tables';
import { notificationReads, notifications } from '../notifications/tables';
import { parentPhones, type PhoneOf } from './phones';
import type { Providers } from './providers';
import type { SendOutcome } from './provider-outcome';
import { channelsAfter, isMessageKind, settingsOfMany } from './settings';
import { messageDeliveries, messagingPreferences, messagingStops, type MessageValues } from './tables';
import { templateValues } from './wording';
import { sharedPagePath, shareToken } from '../../share-links';

export const maxMessageAttempts = 10;
const batchSize = 200;
const sendConcurrency = 8;
/** India's offset from UTC, in minutes; the school's clock for quiet hours. */
const indiaOffsetMinutes = 330;

export interface MessagingReport {
  sent: number;
  retried: number;
  failed: number;
  /** Not sent because the parent had opened the notification, or it was withdrawn. */
  skipped: number;
  /** Put off to the end of quiet hours. */
  deferred: number;
}

/** Wait after the n-th failed try: 30 s, 1 min, 2 min ... at most an hour. */
export function messageBackoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** The end of the quiet hours `at` falls in (07:00 in India), or null outside them. */
export function quietUntil(at: Date): Date | null {
  const local = new Date(at.getTime() + indiaOffsetMinutes * 60_000);
  const hour = local.getUTCHours();
  if (hour < quietHours.from && hour >= quietHours.to) return null;
  const end = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), quietHours.to));
  if (hour >= quietHours.from) end.setUTCDate(end.getUTCDate() + 1);
  return new Date(end.getTime() - indiaOffsetMinutes * 60_000);
}

interface DueRow {
  id: string;
  tenantId: string;
  notificationId: string;
  userId: string;
  studentId: string | null;
  kind: string;
  channel: Channel;
  values: MessageValues;
  urgent: boolean;
  attempts: number;
  language: LanguageCode;
  opened: boolean;
  gone: boolean;
}

async function dueRows(db: Db, now: Date): Promise<DueRow[]> {
  const rows = await db
    .select({
      id: messageDeliveries.id,
      tenantId: messageDeliveries.tenantId,
      notificationId: messageDeliveries.notificationId,
      userId: messageDeliveries.userId,
      studentId: messageDeliveries.studentId,
      kind: messageDeliveries.kind,
      channel: messageDeliveries.channel,
      values: messageDeliveries.values,
      urgent: messageDeliveries.urgent,
      attempts: messageDeliveries.attempts,
      language: users.language,
      opened: sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.tenantId} = ${messageDeliveries.tenantId}
        and ${notificationReads.notificationId} = ${messageDeliveries.notificationId} and ${notificationReads.userId} = ${messageDeliveries.userId})`,
      gone: sql<boolean>`(${notifications.deletedAt} is not null or ${users.deletedAt} is not null or ${users.status} <> 'active')`,
    })
    .from(messageDeliveries)
    .innerJoin(notifications, and(eq(notifications.tenantId, messageDeliveries.tenantId), eq(notifications.id, messageDeliveries.notificationId)))
    .innerJoin(users, and(eq(users.tenantId, messageDeliveries.tenantId), eq(users.id, messageDeliveries.userId)))
    .where(and(eq(messageDeliveries.status, 'queued'), lte(messageDeliveries.dueAt, now)))
    .orderBy(asc(messageDeliveries.dueAt), asc(messageDeliveries.id))
    .limit(batchSize);
  return rows.map((row) => ({ ...row, channel: row.channel as Channel, language: isLanguageCode(row.language) ? row.language : 'en' }));
}

/** The next channel of the kind's chain after `channel`, queued at once for these rows (a refusal, a STOP, a failed callback). */
export async function escalate(
  db: Db,
  settings: MessagingSettingsValues,
  rows: readonly { tenantId: string; notificationId: string; userId: string; studentId: string | null; kind: string; channel: Channel; values: MessageValues; urgent: boolean }[],
  now: Date,
): Promise<void> {
  for (const row of rows) {
    if (!isMessageKind(row.kind)) continue;
    const next = channelsAfter(settings, row.kind, row.channel).find((channel) => channel !== 'push');
    if (!next) continue;
    await db
      .insert(messageDeliveries)
      .values({
        id: crypto.randomUUID(),
        tenantId: row.tenantId,
        notificationId: row.notificationId,
        userId: row.userId,
        studentId: row.studentId,
        kind: row.kind,
        channel: next,
        values: row.values,
        urgent: row.urgent,
        dueAt: now,
      })
      .onConflictDoNothing();
  }
}

interface Group {
  key: string;
  rows: DueRow[];
  phone: string;
  settings: MessagingSettingsValues;
}

/** Rows of one school, number, channel, kind and day (and status, for absences) go as one message. */
function groupKey(row: DueRow, phone: string): string {
  // Only absence alerts of one day merge; a receipt or a report card is its own message.
  const own = row.kind === 'absence' ? `${row.values.date ?? ''}|${row.values.status ?? ''}` : row.id;
  return [row.tenantId, row.channel, phone, row.kind, row.language, own].join('|');
}

/** The link a message carries: a signed page for a receipt or report card, else an app path, at PUBLIC_URL. */
async function linkOf(providers: Providers, tenantId: string, values: MessageValues, at: Date): Promise<string | undefined> {
  const { publicUrl, shareKey } = providers.links;
  if (values.share) return `${publicUrl}${sharedPagePath(await shareToken(shareKey, { tenantId, ...values.share }, at))}`;
  return values.path ? `${publicUrl}${values.path}` : undefined;
}

async function sendOne(providers: Providers, group: Group, at: Date): Promise<SendOutcome> {
  const first = group.rows[0]!;
  const kind = first.kind as MessageKind;
  const names = [...new Set(group.rows.flatMap((row) => row.values.names))].sort((a, b) => a.localeCompare(b));
  const values = templateValues(first.language, kind, { ...first.values, names }, await linkOf(providers, first.tenantId, first.values, at));
  const kindSettings = group.settings.kinds[kind];
  if (first.channel === 'whatsapp') {
    return providers.whatsapp!.send({
      phoneNumberId: group.settings.whatsappPhoneNumberId,
      to: group.phone,
      template: kindSettings.whatsappTemplate,
      language: first.language,
      parameters: values,
    });
  }
  return providers.sms!.send({
    templateId: kindSettings.smsTemplateId,
    sender: group.settings.smsSenderId,
    dltTemplateId: kindSettings.dltTemplateId,
    to: group.phone,
    variables: values,
  });
}

/** One run: sends what is due until nothing is left or a batch made no progress. */
export async function sendDueMessages(db: Db, providers: Providers, now: () => Date = () => new Date()): Promise<MessagingReport> {
  const report: MessagingReport = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0 };
  for (;;) {
    const at = now();
    const rows = await dueRows(db, at);
    if (rows.length === 0) return report;
    const settingsByTenant = await settingsOfMany(
      db,
      rows.map((row) => row.tenantId),
    );
    const fail = async (failed: DueRow[], reason: string, next: boolean) => {
      if (failed.length === 0) return;
      await db
        .update(messageDeliveries)
        .set({ status: 'failed', reason: reason.slice(0, 300), statusAt: at })
        .where(inArray(messageDeliveries.id, failed.map((row) => row.id)));
      report.failed += failed.length;
      if (next) await escalate(db, settingsByTenant.get(failed[0]!.tenantId)!, failed, at);
    };

    const phonesByTenant = new Map<string, PhoneOf>();
    for (const tenantId of new Set(rows.map((row) => row.tenantId))) {
      phonesByTenant.set(tenantId, await parentPhones(db, tenantId, rows.filter((row) => row.tenantId === tenantId).map((row) => row.userId)));
    }
    const tenantIds = [...new Set(rows.map((row) => row.tenantId))];
    const preferences = await db
      .select()
      .from(messagingPreferences)
      .where(and(inArray(messagingPreferences.tenantId, tenantIds), anyOf(messagingPreferences.userId, [...new Set(rows.map((row) => row.userId))], 'uuid')));
    const preferenceOf = new Map(preferences.map((row) => [`${row.tenantId}|${row.userId}`, row]));
    const stops = await db.select().from(messagingStops).where(inArray(messagingStops.tenantId, tenantIds));
    const stopped = new Set(stops.map((row) => `${row.tenantId}|${row.phone}|${row.channel}`));

    const skipped: string[] = [];
    const groups = new Map<string, Group>();
    const reasons = messagingMessages.reasons;
    for (const row of rows) {
      const settings = settingsByTenant.get(row.tenantId)!;
      const kind = isMessageKind(row.kind) ? row.kind : undefined;
      if (row.gone || !kind || (row.opened && settings.kinds[kind].channels.includes('push'))) {
        skipped.push(row.id);
        continue;
      }
      const quietEnd = row.urgent ? null : quietUntil(at);
      if (quietEnd) {
        await db.update(messageDeliveries).set({ dueAt: quietEnd }).where(eq(messageDeliveries.id, row.id));
        report.deferred += 1;
        continue;
      }
      const configured = row.channel === 'whatsapp' ? Boolean(providers.whatsapp) : Boolean(providers.sms);
      const templateGiven =
        row.channel === 'whatsapp' ? Boolean(settings.kinds[kind].whatsappTemplate) : Boolean(settings.kinds[kind].smsTemplateId && settings.kinds[kind].dltTemplateId);
      if (!configured || !templateGiven || !channelsAfter(settings, kind).includes(row.channel)) {
        await fail([row], reasons.notConfigured, true);
        continue;
      }
      const phone = phonesByTenant.get(row.tenantId)!(row.userId, row.studentId);
      if (!phone) {
        // Every channel needs the number: nothing further is tried.
        await fail([row], reasons.noPhone, false);
        continue;
      }
      if (stopped.has(`${row.tenantId}|${phone}|${row.channel}`)) {
        await fail([row], reasons.stopped, true);
        continue;
      }
      const preference = preferenceOf.get(`${row.tenantId}|${row.userId}`);
      const mayTurnOff = kind !== 'absence' || settings.absenceOptOutAllowed;
      if (preference && mayTurnOff && !preference[row.channel === 'whatsapp' ? 'whatsapp' : 'sms']) {
        await fail([row], reasons.turnedOff, true);
        continue;
      }
      const key = groupKey(row, phone);
      const group = groups.get(key) ?? { key, rows: [], phone, settings };
      group.rows.push(row);
      groups.set(key, group);
    }
    if (skipped.length > 0) {
      await db.delete(messageDeliveries).where(inArray(messageDeliveries.id, skipped));
      report.skipped += skipped.length;
    }

    const deliver = async (group: Group) => {
      const outcome = await sendOne(providers, group, at);
      const ids = group.rows.map((row) => row.id);
      const attempts = Math.max(...group.rows.map((row) => row.attempts)) + 1;
      if (outcome.kind === 'sent') {
        await db
          .update(messageDeliveries)
          .set({ status: 'sent', providerMessageId: outcome.providerMessageId, phone: group.phone, sentAt: at, statusAt: at, attempts, reason: null })
          .where(and(inArray(messageDeliveries.id, ids), eq(messageDeliveries.status, 'queued')));
        report.sent += group.rows.length;
      } else if (outcome.kind === 'retry' && attempts < maxMessageAttempts) {
        const wait = Math.max(messageBackoffMs(attempts), outcome.retryAfterMs ?? 0);
        await db
          .update(messageDeliveries)
          .set({ attempts, reason: outcome.error.slice(0, 300), dueAt: new Date(at.getTime() + wait) })
          .where(inArray(messageDeliveries.id, ids));
        report.retried += group.rows.length;
      } else {
        await fail(group.rows, outcome.kind === 'retry' ? reasons.gaveUp : outcome.error, true);
      }
    };
    const all = [...groups.values()];
    let next = 0;
    const worker = async () => {
      while (next < all.length) await deliver(all[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(sendConcurrency, all.length) }, worker));
    if (rows.length < batchSize) return report;
  }
}
