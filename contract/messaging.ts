/**
 * Messages to parents beyond the app (docs/decisions.md "WhatsApp and SMS"): a school turns on
 * WhatsApp (the WhatsApp Business Cloud API) and SMS (MSG91, with the school's DLT sender id and
 * template ids) and says, for each kind of message, which channels are tried in which order. Phone
 * push comes first where the parent has a device; a message nobody opened within the school's
 * minutes goes on to the next channel. The service's provider credentials are the server's
 * configuration; a school's settings hold no secret.
 */
import { z } from 'zod';
import { apiBase, template } from './path-kit';

export const messagingPaths = {
  /** GET / PUT (admin): the school's channels, order per kind, escalation minutes, DLT ids, template names. */
  settings: `${apiBase}/messaging/settings`,
  /** GET / PUT (a parent): their own choices for non-urgent messages. */
  preferences: `${apiBase}/messaging/preferences`,
  /** GET: Meta's verification handshake; POST: status callbacks and replies, signed with the app secret. */
  whatsappWebhook: `${apiBase}/messaging/whatsapp/webhook`,
  /** POST: MSG91's delivery reports; the query's `token` (from the server's SMS credentials) is the proof. */
  smsReport: `${apiBase}/messaging/sms/report`,
  /** GET (staff): per recipient and channel, what became of a notification's messages. */
  deliveries: template(`${apiBase}/notifications/:id/deliveries`),
  /** GET (admin): a month's WhatsApp and SMS messages with their cost at the school's rates (`?month=2026-11`). */
  usage: `${apiBase}/messaging/usage`,
} as const;

export const messagingMessages = {
  settingsSaved: 'Message settings saved.',
  preferencesSaved: 'Your message choices are saved.',
  phoneNumberId: 'The WhatsApp phone number id is the number Meta gives, 5 to 30 digits.',
  phoneNumberIdNeeded: 'Give the WhatsApp phone number id to turn WhatsApp on.',
  senderId: 'The DLT sender id is 6 capital letters.',
  senderIdNeeded: 'Give the DLT sender id to turn SMS on.',
  templateName: 'A WhatsApp template name has small letters, digits and underscores.',
  dltTemplateId: 'A DLT template id is 19 digits.',
  smsTemplateId: 'The SMS template id is the one MSG91 shows, 10 to 40 letters and digits.',
  escalationMinutes: 'Minutes before the next channel must be between 1 and 120.',
  rate: 'A rate is a whole number of paise, at most ₹100.00.',
  channelsEmpty: 'Choose at least one channel for each kind of message.',
  month: 'Month must be written 2026-11.',
  reminderDays: 'Reminder days are whole days from 30 before the due date to 60 after it, at most 5.',
  webhookRefused: 'The callback could not be verified.',
  reportUnreadable: 'The delivery report could not be read.',
  /** Reasons a message did not go, as the deliveries list shows them. */
  reasons: {
    noPhone: 'No mobile number on record.',
    stopped: 'The parent replied STOP.',
    turnedOff: 'The parent turned this channel off.',
    notConfigured: 'This channel is not set up on the server.',
    gaveUp: 'The provider could not be reached after many tries.',
  },
} as const;

/** How a message reaches a parent. Push is the app's own; WhatsApp and SMS cost the school. */
export const channels = ['push', 'whatsapp', 'sms'] as const;
export type Channel = (typeof channels)[number];

/** What Kaksha sends beyond the app, each with its own template at the providers. */
export const messageKinds = ['absence', 'feeReminder', 'receipt', 'reportCard'] as const;
export type MessageKind = (typeof messageKinds)[number];

export const deliveryStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A status moves forward only: a late or repeated callback never takes a delivery back. */
export const deliveryStatusRank: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1 };

/** Quiet hours, school time (India): nothing but urgent messages from 21:00 to 07:00. */
export const quietHours = { from: 21, to: 7 } as const;

export const defaultEscalationMinutes = 10;

const kindSettingsSchema = z.object({
  /** Tried in this order; push is always first when chosen. */
  channels: z.array(z.enum(channels, messagingMessages.channelsEmpty)).min(1, messagingMessages.channelsEmpty).max(channels.length),
  /** Sent in quiet hours too. */
  urgent: z.boolean(),
  /** The approved WhatsApp template's name (the same name in each language). */
  whatsappTemplate: z.string(messagingMessages.templateName).trim().regex(/^[a-z0-9_]{1,512}$/, messagingMessages.templateName).or(z.literal('')),
  /** The DLT content template id the SMS is registered under. */
  dltTemplateId: z.string(messagingMessages.dltTemplateId).trim().regex(/^\d{19}$/, messagingMessages.dltTemplateId).or(z.literal('')),
  /** MSG91's template id for that DLT template (its flow). */
  smsTemplateId: z.string(messagingMessages.smsTemplateId).trim().regex(/^[A-Za-z0-9]{10,40}$/, messagingMessages.smsTemplateId).or(z.literal('')),
});
export type KindSettings = z.infer<typeof kindSettingsSchema>;

const paise = z.number(messagingMessages.rate).int(messagingMessages.rate).min(0, messagingMessages.rate).max(10_000, messagingMessages.rate);

export const messagingSettingsInputSchema = z
  .object({
    whatsappEnabled: z.boolean(),
    whatsappPhoneNumberId: z.string(messagingMessages.phoneNumberId).trim().regex(/^\d{5,30}$/, messagingMessages.phoneNumberId).or(z.literal('')),
    smsEnabled: z.boolean(),
    smsSenderId: z.string(messagingMessages.senderId).trim().regex(/^[A-Z]{6}$/, messagingMessages.senderId).or(z.literal('')),
    /** Minutes a push may stay unopened before the next channel is tried. */
    escalationMinutes: z
      .number(messagingMessages.escalationMinutes)
      .int(messagingMessages.escalationMinutes)
      .min(1, messagingMessages.escalationMinutes)
      .max(120, messagingMessages.escalationMinutes),
    /** A parent may turn absence alerts off on WhatsApp and SMS too (otherwise they stay on). */
    absenceOptOutAllowed: z.boolean(),
    /** What one message costs the school, in paise, for the month's figures. */
    whatsappRate: paise,
    smsRate: paise,
    /**
     * When fee reminders go by themselves, in days from an installment's due date (-3: three days
     * before, 0: on the day, 7: a week after), while it is unpaid; empty: only when the office sends them.
     */
    feeReminderDays: z
      .array(z.number(messagingMessages.reminderDays).int(messagingMessages.reminderDays).min(-30, messagingMessages.reminderDays).max(60, messagingMessages.reminderDays), messagingMessages.reminderDays)
      .max(5, messagingMessages.reminderDays)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    kinds: z.object(Object.fromEntries(messageKinds.map((kind) => [kind, kindSettingsSchema])) as Record<MessageKind, typeof kindSettingsSchema>),
  })
  .superRefine((input, ctx) => {
    if (input.whatsappEnabled && !input.whatsappPhoneNumberId) {
      ctx.addIssue({ code: 'custom', path: ['whatsappPhoneNumberId'], message: messagingMessages.phoneNumberIdNeeded });
    }
    if (input.smsEnabled && !input.smsSenderId) ctx.addIssue({ code: 'custom', path: ['smsSenderId'], message: messagingMessages.senderIdNeeded });
  });
export type MessagingSettingsInput = z.input<typeof messagingSettingsInputSchema>;
export type MessagingSettingsValues = z.output<typeof messagingSettingsInputSchema>;

export const messagingSettingsSchema = z.object({
  whatsappEnabled: z.boolean(),
  whatsappPhoneNumberId: z.string(),
  smsEnabled: z.boolean(),
  smsSenderId: z.string(),
  escalationMinutes: z.number(),
  absenceOptOutAllowed: z.boolean(),
  whatsappRate: z.number(),
  smsRate: z.number(),
  feeReminderDays: z.array(z.number()),
  kinds: z.record(z.enum(messageKinds), kindSettingsSchema),
  /** Whether the server holds the provider's credentials (WHATSAPP_*, SMS_*); off, a channel sends nothing. */
  whatsappConfigured: z.boolean(),
  smsConfigured: z.boolean(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

/** A school that never saved settings: push only, absence alerts urgent, ten minutes. */
export const defaultMessagingSettings: MessagingSettingsValues = {
  whatsappEnabled: false,
  whatsappPhoneNumberId: '',
  smsEnabled: false,
  smsSenderId: '',
  escalationMinutes: defaultEscalationMinutes,
  absenceOptOutAllowed: false,
  whatsappRate: 80,
  smsRate: 25,
  feeReminderDays: [],
  kinds: {
    absence: { channels: ['push', 'whatsapp', 'sms'], urgent: false, whatsappTemplate: 'absence_alert', dltTemplateId: '', smsTemplateId: '' },
    feeReminder: { channels: ['push', 'whatsapp', 'sms'], urgent: false, whatsappTemplate: 'fee_reminder', dltTemplateId: '', smsTemplateId: '' },
    receipt: { channels: ['whatsapp'], urgent: false, whatsappTemplate: 'fee_receipt', dltTemplateId: '', smsTemplateId: '' },
    reportCard: { channels: ['whatsapp'], urgent: false, whatsappTemplate: 'report_card', dltTemplateId: '', smsTemplateId: '' },
  },
};

export const messagingPreferencesInputSchema = z.object({
  /** Non-urgent messages on WhatsApp. */
  whatsapp: z.boolean(),
  /** Non-urgent messages by SMS. */
  sms: z.boolean(),
});
export type MessagingPreferencesInput = z.infer<typeof messagingPreferencesInputSchema>;

export const messagingPreferencesSchema = messagingPreferencesInputSchema.extend({
  /** The number messages go to (the child's record), last four digits shown; null: none on record. */
  phoneEnding: z.string().nullable(),
  /** The school lets a parent turn absence alerts off on WhatsApp and SMS. */
  absenceOptOutAllowed: z.boolean(),
  /** Which channels the school uses at all. */
  whatsappOn: z.boolean(),
  smsOn: z.boolean(),
});
export type MessagingPreferences = z.infer<typeof messagingPreferencesSchema>;

export const deliverySchema = z.object({
  recipientUserId: z.string(),
  /** The parent's name as the school's accounts hold it. */
  recipientName: z.string(),
  studentId: z.string().nullable(),
  channel: z.enum(channels),
  status: z.enum(deliveryStatuses),
  /** Why it failed: one of `messagingMessages.reasons` or the provider's words. */
  reason: z.string().nullable(),
  /** ISO time of the latest status. */
  at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const usageQuerySchema = z.object({ month: z.string(messagingMessages.month).regex(/^2\d{3}-(0[1-9]|1[0-2])$/, messagingMessages.month) });

export const usageSchema = z.object({
  month: z.string(),
  whatsapp: z.object({ messages: z.number(), cost: z.number() }),
  sms: z.object({ messages: z.number(), cost: z.number() }),
});
export type Usage = z.infer<typeof usageSchema>;
