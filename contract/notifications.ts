/**
 * Notifications (docs/decisions.md "Notifications and push"): a title and message from a
 * sender to an audience (the whole school, chosen classes, chosen roles or chosen people), published
 * at once or at a time, with an optional link to a screen of the app. Each user's read mark is a
 * record of its own.
 */
import { z } from 'zod';
import { isoDateTimeField } from './calendar-dates';
import { apiBase, resource, template } from './path-kit';
import { messages } from './messages';
import { requiredText } from './record-formats';

export const notificationPaths = {
  ...resource('notifications'),
  /** GET: the signed-in user's published notifications with read state, newest first. */
  mine: `${apiBase}/notifications/mine`,
  /** POST: marks one read for the signed-in user (idempotent). */
  read: template(`${apiBase}/notifications/:id/read`),
  /** GET (staff): the earlier versions of an edited notification. */
  history: template(`${apiBase}/notifications/:id/history`),
} as const;

export const notificationMessages = {
  sent: 'Notification sent.',
  scheduled: 'Notification scheduled.',
  updated: 'Notification updated.',
  deleted: 'Notification withdrawn.',
  read: 'Marked as read.',
  notFound: 'Notification not found.',
  invalidColumn: 'You can search notifications by title or message.',
  link: 'Link must be a screen of the app, starting with /.',
  audienceKind: 'Choose who receives it: the whole school, classes, roles or people.',
  audienceRole: 'Roles are staff, students and parents.',
  audienceEmpty: 'Choose at least one class, role or person.',
  audienceUnknown: 'Some of the chosen classes or people are not in this school.',
  publishAt: 'Publish time must be a date and time.',
  notYourClass: 'You can only send notifications to the classes you teach.',
} as const;

export const maxNotificationTitle = 200;
export const maxNotificationMessage = 4000;
export const maxLinkLength = 500;
export const maxAudienceMembers = 500;

export const audienceKinds = ['school', 'classes', 'roles', 'people'] as const;
export type AudienceKind = (typeof audienceKinds)[number];
export const audienceRoles = ['staff', 'students', 'parents'] as const;
export type AudienceRole = (typeof audienceRoles)[number];

export const audienceSchema = z.object({
  kind: z.enum(audienceKinds),
  /** For 'classes'. */
  classIds: z.array(z.string()),
  /** For 'roles'. */
  roles: z.array(z.enum(audienceRoles)),
  /** For 'people': user ids. */
  userIds: z.array(z.string()),
});
export type Audience = z.infer<typeof audienceSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** An app path ("/student/homework"), or null. */
  link: z.string().nullable(),
  audience: audienceSchema,
  /** ISO time; the notification reaches its audience from then on. */
  publishAt: z.string(),
  published: z.boolean(),
  /** The sender's user id. */
  sentBy: z.string().nullable(),
  rev: z.number(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * The words Kaksha wrote around a notification (an absence alert, a fee reminder, an announcement)
 * in Hindi and Marathi, beside its English title and message (docs/i18n.md "Texts the server
 * writes"); a notification the school wrote has none and reads as written.
 */
export type NoticeTranslations = Partial<Record<'hi' | 'mr', { title: string; message: string }>>;

/** A notification as it reaches a device in the pull: the record with its translations, if any. */
export type SyncedNotification = Notification & { translations?: NoticeTranslations };

/** What staff read: the record with how many of its audience have read it. */
export const notificationWithReadsSchema = notificationSchema.extend({
  audienceSize: z.number(),
  readCount: z.number(),
});
export type NotificationWithReads = z.infer<typeof notificationWithReadsSchema>;

/**
 * A notification's read figures as the staff pull carries them (docs/decisions.md "Dashboards"): admins get every
 * notification's, a teacher those she sent, families none. `id` is the notification's.
 */
export const notificationCountSchema = z.object({
  id: z.string(),
  audienceSize: z.number(),
  readCount: z.number(),
  rev: z.number(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** The signed-in user's own notification, with its read state. */
export const myNotificationSchema = notificationSchema.extend({ read: z.boolean(), readAt: z.string().nullable() });
export type MyNotification = z.infer<typeof myNotificationSchema>;

export const notificationReadSchema = z.object({
  id: z.string(),
  notificationId: z.string(),
  userId: z.string(),
  readAt: z.string(),
  rev: z.number(),
});
export type NotificationRead = z.infer<typeof notificationReadSchema>;

/** An earlier version of an edited notification. */
export const notificationRevisionSchema = z.object({
  rev: z.number(),
  editedBy: z.string().nullable(),
  editedAt: z.string(),
  version: notificationSchema,
});

/** An app path: starts with one '/', no scheme, host, backslash or control character. */
export function isAppPath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

const ids = (label: string) => z.array(z.uuid(messages.records.fields.uuid(label))).max(maxAudienceMembers);

export const notificationInputSchema = z
  .object({
    /** Client-generated for offline creates (updates ignore it). */
    id: z.uuid().optional(),
    title: requiredText('Title', maxNotificationTitle),
    message: requiredText('Message', maxNotificationMessage),
    link: z
      .string(notificationMessages.link)
      .trim()
      .max(maxLinkLength, notificationMessages.link)
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isAppPath(value), notificationMessages.link),
    audience: z.object(
      {
        kind: z.enum(audienceKinds, notificationMessages.audienceKind),
        classIds: ids('Class').default([]),
        roles: z.array(z.enum(audienceRoles, notificationMessages.audienceRole)).max(audienceRoles.length).default([]),
        userIds: ids('Person').default([]),
      },
      notificationMessages.audienceKind,
    ),
    /** ISO time; absent or past: now. */
    publishAt: isoDateTimeField(notificationMessages.publishAt).optional(),
  })
  .superRefine((input, ctx) => {
    const { kind, classIds, roles, userIds } = input.audience;
    const empty =
      (kind === 'classes' && classIds.length === 0) || (kind === 'roles' && roles.length === 0) || (kind === 'people' && userIds.length === 0);
    if (empty) ctx.addIssue({ code: 'custom', path: ['audience'], message: notificationMessages.audienceEmpty });
  });
export type NotificationInput = z.input<typeof notificationInputSchema>;

export const notificationSearchColumns = ['title', 'message'] as const;
export type NotificationSearchColumn = (typeof notificationSearchColumns)[number];
