/**
 * A school's messaging settings: stored as the admin saved them (checked again on read, so a row
 * written by an older version falls back to the defaults rather than breaking a send).
 */
import { eq, sql } from 'drizzle-orm';
import {
  defaultMessagingSettings,
  messageKinds,
  messagingSettingsInputSchema,
  type Channel,
  type MessageKind,
  type MessagingSettings,
  type MessagingSettingsValues,
} from '../../../contract/messaging';
import type { Db } from '../../db/client';
import type { Providers } from './providers';
import { messagingSettings } from './tables';

export async function settingsOf(db: Db, tenantId: string): Promise<MessagingSettingsValues> {
  const [row] = await db.select({ settings: messagingSettings.settings }).from(messagingSettings).where(eq(messagingSettings.tenantId, tenantId));
  if (!row) return defaultMessagingSettings;
  const read = messagingSettingsInputSchema.safeParse(row.settings);
  return read.success ? read.data : defaultMessagingSettings;
}

/** Several schools' settings at once (the loop's batch spans schools). */
export async function settingsOfMany(db: Db, tenantIds: readonly string[]): Promise<Map<string, MessagingSettingsValues>> {
  const all = new Map<string, MessagingSettingsValues>();
  for (const tenantId of new Set(tenantIds)) all.set(tenantId, await settingsOf(db, tenantId));
  return all;
}

export async function saveSettings(tx: Db, tenantId: string, settings: MessagingSettingsValues): Promise<void> {
  const values = { settings, updatedAt: new Date() };
  await tx.insert(messagingSettings).values({ tenantId, ...values }).onConflictDoUpdate({ target: messagingSettings.tenantId, set: values });
}

export function settingsAnswer(settings: MessagingSettingsValues, providers: Providers): MessagingSettings {
  return { ...settings, whatsappConfigured: Boolean(providers.whatsapp), smsConfigured: Boolean(providers.sms) };
}

/** Whether the school sends on this channel at all (push always; the others when turned on). */
export function channelOn(settings: MessagingSettingsValues, channel: Channel): boolean {
  return channel === 'push' || (channel === 'whatsapp' ? settings.whatsappEnabled : settings.smsEnabled);
}

/** The kind's channels after `after` (or from the start) that the school has turned on, in order. */
export function channelsAfter(settings: MessagingSettingsValues, kind: MessageKind, after?: Channel): Channel[] {
  const order = settings.kinds[kind].channels;
  const from = after ? order.indexOf(after) + 1 : 0;
  return order.slice(from).filter((channel) => channelOn(settings, channel));
}

/** The schools whose fee reminders go by themselves, with their days (the fees module's schedule reads this). */
export async function schoolsWithReminderDays(db: Db): Promise<{ tenantId: string; days: number[] }[]> {
  const rows = await db
    .select({ tenantId: messagingSettings.tenantId })
    .from(messagingSettings)
    .where(sql`jsonb_array_length(coalesce(${messagingSettings.settings}->'feeReminderDays', '[]'::jsonb)) > 0`);
  const schools: { tenantId: string; days: number[] }[] = [];
  for (const { tenantId } of rows) {
    const days = (await settingsOf(db, tenantId)).feeReminderDays;
    if (days.length > 0) schools.push({ tenantId, days });
  }
  return schools;
}

export const isMessageKind = (value: string): value is MessageKind => (messageKinds as readonly string[]).includes(value);
