/**
 * What the providers post back, once verified by the routes: WhatsApp's status callbacks and the
 * replies parents send (STOP, START), MSG91's delivery reports. A status moves a delivery forward
 * only (contract deliveryStatusRank), so a repeated or late callback changes nothing; a failure
 * after sending moves the message on to the kind's next channel.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deliveryStatusRank, type Channel, type DeliveryStatus } from '../../../contract/messaging';
import type { Db } from '../../db/client';
import { indianMobile } from './phones';
import { escalate } from './sender';
import { settingsOf } from './settings';
import { messageDeliveries, messagingSettings, messagingStops } from './tables';

const whatsappStatusSchema = z.object({
  id: z.string().max(200),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(300).optional(), message: z.string().max(300).optional() })).optional(),
});

const whatsappReplySchema = z.object({
  from: z.string().max(20),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(200) }).optional(),
});

export const whatsappEventSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                metadata: z.object({ phone_number_id: z.string().max(40) }).optional(),
                statuses: z.array(whatsappStatusSchema).max(1000).optional(),
                messages: z.array(whatsappReplySchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsAppEvent = z.infer<typeof whatsappEventSchema>;

export interface CallbackReport {
  applied: number;
  ignored: number;
}

/** Moves the deliveries sent as `providerMessageId` on `channel` to `status`, forward only. */
async function applyStatus(db: Db, channel: Channel, providerMessageId: string, status: DeliveryStatus, reason: string | null, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.channel, channel), eq(messageDeliveries.providerMessageId, providerMessageId)))
      .for('update');
    const moving = rows.filter((row) => {
      const current = row.status as DeliveryStatus;
      if (current === 'failed') return false;
      if (status === 'failed') return current === 'queued' || current === 'sent';
      return deliveryStatusRank[status] > deliveryStatusRank[current];
    });
    if (moving.length === 0) return 0;
    await tx
      .update(messageDeliveries)
      .set({ status, statusAt: at, ...(status === 'failed' ? { reason: (reason ?? 'Failed').slice(0, 300) } : {}) })
      .where(inArray(messageDeliveries.id, moving.map((row) => row.id)));
    if (status === 'failed') {
      for (const tenantId of new Set(moving.map((row) => row.tenantId))) {
        const settings = await settingsOf(tx, tenantId);
        await escalate(
          tx,
          settings,
          moving.filter((row) => row.tenantId === tenantId).map((row) => ({ ...row, channel: row.channel as Channel })),
          at,
        );
      }
    }
    return moving.length;
  });
}

const whatsappStatuses: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };
const stopWords = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'रोकें', 'बंद', 'थांबवा']);
const startWords = new Set(['START', 'शुरू', 'सुरू']);

/** The schools that send from this WhatsApp number. */
async function schoolsOfNumber(db: Db, phoneNumberId: string): Promise<string[]> {
  const rows = await db
    .select({ tenantId: messagingSettings.tenantId })
    .from(messagingSettings)
    .where(sql`${messagingSettings.settings}->>'whatsappPhoneNumberId' = ${phoneNumberId}`);
  return rows.map((row) => row.tenantId);
}

export async function applyWhatsAppEvent(db: Db, event: WhatsAppEvent, now: Date = new Date()): Promise<CallbackReport> {
  const report: CallbackReport = { applied: 0, ignored: 0 };
  for (const entry of event.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const status of change.value.statuses ?? []) {
        const mapped = whatsappStatuses[status.status];
        const error = status.errors?.[0];
        const moved = mapped ? await applyStatus(db, 'whatsapp', status.id, mapped, error ? (error.title ?? error.message ?? null) : null, now) : 0;
        if (moved > 0) report.applied += 1;
        else report.ignored += 1;
      }
      const phoneNumberId = change.value.metadata?.phone_number_id;
      for (const reply of change.value.messages ?? []) {
        const words = (reply.text?.body ?? reply.button?.text ?? '').trim().toUpperCase();
        const phone = indianMobile(reply.from);
        if (!phone || !phoneNumberId || !(stopWords.has(words) || startWords.has(words))) {
          report.ignored += 1;
          continue;
        }
        for (const tenantId of await schoolsOfNumber(db, phoneNumberId)) {
          if (stopWords.has(words)) await db.insert(messagingStops).values({ tenantId, phone, channel: 'whatsapp' }).onConflictDoNothing();
          else await db.delete(messagingStops).where(and(eq(messagingStops.tenantId, tenantId), eq(messagingStops.phone, phone), eq(messagingStops.channel, 'whatsapp')));
        }
        report.applied += 1;
      }
    }
  }
  return report;
}

/**
 * MSG91's delivery report: a list (or `{ data: list }`, or `data` as a JSON string, as its form
 * posts send it) of requests, each with a report per number. Status 1 is delivered; 2, 9, 16, 17,
 * 25 and 26 are failures (failed, DND, rejected, blocked); the rest change nothing.
 */
const smsReportItemSchema = z.object({
  requestId: z.string().max(200),
  report: z.array(z.object({ number: z.string().max(20).optional(), status: z.union([z.string(), z.number()]), desc: z.string().max(300).optional() })).max(1000),
});
const smsReportSchema = z.union([
  z.array(smsReportItemSchema).max(1000),
  z.object({ data: z.union([z.array(smsReportItemSchema).max(1000), z.string().max(1_000_000)]) }),
]);

const smsFailures = new Set(['2', '9', '16', '17', '25', '26']);

export function readSmsReport(body: unknown): z.infer<typeof smsReportItemSchema>[] | undefined {
  const read = smsReportSchema.safeParse(body);
  if (!read.success) return undefined;
  if (Array.isArray(read.data)) return read.data;
  const data = read.data.data;
  if (Array.isArray(data)) return data;
  try {
    const inner = z.array(smsReportItemSchema).max(1000).safeParse(JSON.parse(data));
    return inner.success ? inner.data : undefined;
  } catch {
    return undefined;
  }
}

export async function applySmsReport(db: Db, items: z.infer<typeof smsReportItemSchema>[], now: Date = new Date()): Promise<CallbackReport> {
  const report: CallbackReport = { applied: 0, ignored: 0 };
  for (const item of items) {
    for (const line of item.report) {
      const code = String(line.status);
      const status: DeliveryStatus | undefined = code === '1' ? 'delivered' : smsFailures.has(code) ? 'failed' : undefined;
      const moved = status ? await applyStatus(db, 'sms', item.requestId, status, line.desc ?? null, now) : 0;
      if (moved > 0) report.applied += 1;
      else report.ignored += 1;
    }
  }
  return report;
}
