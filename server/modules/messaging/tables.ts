/**
 * WhatsApp and SMS (docs/decisions.md "WhatsApp and SMS"): each school's settings, the queue of
 * messages with what became of each, parents' choices and the numbers that replied STOP.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { MessagingSettingsValues } from '../../../contract/messaging';
import { schools, users } from '../../db/core-tables';
import { notifications } from '../notifications/tables';

/** A school's channels and templates (no secret: the providers' credentials are the server's). */
export const messagingSettings = pgTable('messaging_settings', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => schools.tenantId),
  settings: jsonb('settings').$type<MessagingSettingsValues>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a message says beyond the notification: the values its provider templates take. */
export interface MessageValues {
  /** The children it is about, first names. */
  names: string[];
  /** yyyy-mm-dd */
  date?: string;
  /** For absence alerts: 'absent' or 'late'. */
  status?: string;
  /** Money as the family reads it (₹12,500.00). */
  amount?: string;
  /** A receipt's number, an exam's name. */
  reference?: string;
  /** The record a signed link opens (a receipt; a report card as `examId:studentId`), made when sent. */
  share?: { kind: 'receipt' | 'reportCard'; id: string };
  /** An app path the message links to (the family's fees). */
  path?: string;
}

/**
 * One row per notification, recipient and channel beyond push: queued when the notification is
 * made (due when the push has had its minutes, or at once for a parent with no device), sent by the
 * messaging loop, moved on by the providers' callbacks. Several rows sent as one message (siblings,
 * two parents on one number) share the provider's message id.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    userId: uuid('user_id').notNull(),
    studentId: uuid('student_id'),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    values: jsonb('values').$type<MessageValues>().notNull(),
    /** Sent in quiet hours too. */
    urgent: boolean('urgent').notNull().default(false),
    /** Where it went (91XXXXXXXXXX), set when sent. */
    phone: text('phone'),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the push's minutes, quiet hours' end, or the backoff after a failed try. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A class's results notice reaches a parent once but carries a report card per child sitting it.
    unique('message_deliveries_notification_user_channel_key').on(t.notificationId, t.userId, t.channel, t.studentId).nullsNotDistinct(),
    foreignKey({ name: 'message_deliveries_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    foreignKey({ name: 'message_deliveries_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    check('message_deliveries_channel_check', sql`${t.channel} in ('whatsapp', 'sms')`),
    check('message_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
    index('message_deliveries_due_idx').on(t.dueAt).where(sql`${t.status} = 'queued'`),
    index('message_deliveries_provider_idx').on(t.channel, t.providerMessageId),
    index('message_deliveries_notification_idx').on(t.tenantId, t.notificationId),
    index('message_deliveries_sent_idx').on(t.tenantId, t.sentAt),
  ],
);

/** A parent's own choice for non-urgent messages; no row: both on. */
export const messagingPreferences = pgTable(
  'messaging_preferences',
  {
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    whatsapp: boolean('whatsapp').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'messaging_preferences_pkey', columns: [t.tenantId, t.userId] }),
    foreignKey({ name: 'messaging_preferences_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A number that replied STOP on a channel: nothing more goes to it there until it replies START. */
export const messagingStops = pgTable(
  'messaging_stops',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    phone: text('phone').notNull(),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'messaging_stops_pkey', columns: [t.tenantId, t.phone, t.channel] })],
);
