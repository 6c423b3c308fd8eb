/**
 * The notifications module's tables (migrations 0011, 0012, 0018): notifications with their earlier
 * versions, read marks and read figures, absence alerts, device tokens and the push outbox.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { schools, students, users } from '../../db/core-tables';
import type { NoticeTranslations } from '../../i18n/notice-translations';

/**
 * Notifications (docs/decisions.md "Notifications and push"): who receives one is its
 * audience, resolved by server/modules/notifications/audience.ts; `published` turns true at
 * `publish_at` (the publisher moves `rev`, so the pull sends it when due).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** 'school', 'classes', 'roles' or 'people'. */
    audienceKind: text('audience_kind').notNull(),
    audienceClassIds: uuid('audience_class_ids').array().notNull().default(sql`'{}'`),
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'`),
    audienceUserIds: uuid('audience_user_ids').array().notNull().default(sql`'{}'`),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    sentBy: uuid('sent_by'),
    /**
     * The words Kaksha wrote (an absence alert, a fee reminder, an announcement) in the other
     * languages, by language code: `{ "hi": { "title": ..., "message": ... } }`; null for what a
     * school wrote. A push goes in its recipient's language (docs/i18n.md "Texts the server writes"; server/i18n/notice-translations.ts).
     */
    translations: jsonb('translations').$type<NoticeTranslations>(),
    ...revColumns,
  },
  (t) => [
    unique('notifications_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'notifications_sent_by_fk', columns: [t.tenantId, t.sentBy], foreignColumns: [users.tenantId, users.id] }),
    check('notifications_audience_kind_check', sql`${t.audienceKind} in ('school', 'classes', 'roles', 'people')`),
    index('notifications_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    index('notifications_due_idx').on(t.publishAt).where(sql`not ${t.published}`),
  ],
);

/**
 * One row per student and date a parent was told of an absence (or lateness): the alert and, once
 * the mark is corrected to present, the correction. Its key makes the alert once per student-day.
 */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    /** The school, through the student's key, as on attendance (migration 0020). */
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The status the alert told of: 'absent' or 'late'. */
    status: text('status').notNull(),
    notificationId: uuid('notification_id'),
    correctionId: uuid('correction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'absence_alerts_pkey', columns: [t.tenantId, t.studentId, t.date] }),
    foreignKey({ name: 'absence_alerts_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'absence_alerts_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    foreignKey({ name: 'absence_alerts_correction_fk', columns: [t.tenantId, t.correctionId], foreignColumns: [notifications.tenantId, notifications.id] }),
    check('absence_alerts_status_check', sql`${t.status} in ('absent', 'late')`),
  ],
);

/** Every earlier version of an edited notification, as its read endpoints answered it. */
export const notificationRevisions = pgTable(
  'notification_revisions',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    /** The rev of the version kept here. */
    rev: bigint('rev', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    editedBy: uuid('edited_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'notification_revisions_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('notification_revisions_notification_idx').on(t.tenantId, t.notificationId, t.editedAt),
  ],
);

/** A user's read mark: one per notification and user, synced to that user's devices. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    notificationId: uuid('notification_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    ...revColumns,
  },
  (t) => [
    unique('notification_reads_notification_user_key').on(t.tenantId, t.notificationId, t.userId),
    foreignKey({ name: 'notification_reads_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    foreignKey({ name: 'notification_reads_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('notification_reads_tenant_user_txid_idx').on(t.tenantId, t.userId, t.txid, t.rev),
    index('notification_reads_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/**
 * A notification's read figures for its senders' devices (docs/decisions.md "Dashboards"): one row per notification,
 * its id the notification's, touched on each reader's first read so the staff pull brings the
 * counts again (migration 0018); the counts themselves are worked out when pulled.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    ...revColumns,
  },
  (t) => [
    foreignKey({ name: 'notification_counts_notification_fk', columns: [t.tenantId, t.id], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('notification_counts_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** A device's FCM registration token: one row per device, owned by the user who last registered it. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'device_tokens_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('device_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * Pushes to send: one row per notification and device token of its audience, written in the
 * notification's own transaction; the unique key keeps a device from getting one twice.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    token: text('token').notNull(),
    userId: uuid('user_id').notNull(),
    /** Not before: the notification's publish time, then the backoff after a failed try. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    unique('push_outbox_notification_token_key').on(t.notificationId, t.token),
    foreignKey({ name: 'push_outbox_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('push_outbox_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);
