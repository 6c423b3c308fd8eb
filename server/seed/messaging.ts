/**
 * WhatsApp and SMS in a demo school (docs/demo-data.md): the school's settings (both channels on,
 * with template names and DLT ids, fee reminders 3 days before, on and a week after a due date),
 * and the demo children's recent absences as the school told them: each an absence alert in the
 * parent's inbox with its WhatsApp message (read, or delivered for the newest), one of them failed
 * on WhatsApp and delivered by SMS. The demo parent has no phone app, so WhatsApp was the first
 * channel. Dated from the seeded attendance; no clock.
 */
import { indianDate } from '../../contract/calendar-dates';
import { messages } from '../../contract/messages';
import { defaultMessagingSettings, type MessagingSettingsValues } from '../../contract/messaging';
import { translationsOf } from '../i18n/notice-translations';
import type { messageDeliveries, messagingSettings } from '../modules/messaging/tables';
import type { absenceAlerts, notifications } from '../modules/notifications/tables';
import type { AttendanceRow } from './attendance';
import { stableUuid } from './random';

export interface MessagingSeed {
  settings: typeof messagingSettings.$inferInsert;
  notifications: (typeof notifications.$inferInsert)[];
  alerts: (typeof absenceAlerts.$inferInsert)[];
  deliveries: (typeof messageDeliveries.$inferInsert)[];
}

export interface MessagingSource {
  tenantId: string;
  parentId: string;
  children: { id: string; firstName: string; className: string }[];
  attendance: readonly AttendanceRow[];
}

export const demoMessagingSettings: MessagingSettingsValues = {
  ...defaultMessagingSettings,
  whatsappEnabled: true,
  whatsappPhoneNumberId: '109876543210',
  smsEnabled: true,
  smsSenderId: 'KAKSHA',
  feeReminderDays: [-3, 0, 7],
  kinds: {
    absence: { channels: ['push', 'whatsapp', 'sms'], urgent: false, whatsappTemplate: 'absence_alert', dltTemplateId: '1107161234567890123', smsTemplateId: '64a1b2c3d4e5f6a7b8c9d0e1' },
    feeReminder: { channels: ['push', 'whatsapp', 'sms'], urgent: false, whatsappTemplate: 'fee_reminder', dltTemplateId: '1107161234567890124', smsTemplateId: '64a1b2c3d4e5f6a7b8c9d0e2' },
    receipt: { channels: ['push', 'whatsapp'], urgent: false, whatsappTemplate: 'fee_receipt', dltTemplateId: '', smsTemplateId: '' },
    reportCard: { channels: ['push', 'whatsapp'], urgent: false, whatsappTemplate: 'report_card', dltTemplateId: '', smsTemplateId: '' },
  },
};

/** How many of the children's latest absences were told. */
const told = 4;

/** 09:20 at school that day (the sheets are in by then), and a few minutes on. */
const at = (date: string, minutes: number) => new Date(Date.parse(`${date}T03:50:00Z`) + minutes * 60_000);

export function generateMessaging(source: MessagingSource): MessagingSeed {
  const { tenantId, parentId } = source;
  const childOf = new Map(source.children.map((child) => [child.id, child]));
  const marks = source.attendance
    .filter((row) => childOf.has(String(row.studentId)) && (row.status === 'absent' || row.status === 'late'))
    .sort((a, b) => String(b.date).localeCompare(String(a.date)))
    .slice(0, told);
  const seed: MessagingSeed = { settings: { tenantId, settings: demoMessagingSettings }, notifications: [], alerts: [], deliveries: [] };
  marks.forEach((mark, index) => {
    const child = childOf.get(String(mark.studentId))!;
    const date = String(mark.date);
    const status = mark.status as 'absent' | 'late';
    const id = stableUuid(`${tenantId}/absence-alert/${child.id}/${date}`);
    const values = { name: child.firstName, status, date: indianDate(date), className: child.className };
    const sentAt = at(date, 0);
    seed.notifications.push({
      id,
      tenantId,
      title: messages.absenceAlerts.title(child.firstName, status),
      message: messages.absenceAlerts.message(child.firstName, status, values.date, child.className),
      translations: translationsOf((say) => ({ title: say('absenceAlerts.title', values), message: say('absenceAlerts.message', values) })),
      link: '/student/attendance',
      audienceKind: 'people',
      audienceUserIds: [parentId],
      publishAt: sentAt,
      published: true,
      sentBy: null,
    });
    seed.alerts.push({ tenantId, studentId: child.id, date, status, notificationId: id, createdAt: sentAt, updatedAt: sentAt });
    const row = (channel: 'whatsapp' | 'sms', state: 'delivered' | 'read' | 'failed', minutes: number, reason: string | null = null) => ({
      id: stableUuid(`${id}/${channel}`),
      tenantId,
      notificationId: id,
      userId: parentId,
      studentId: child.id,
      kind: 'absence',
      channel,
      status: state,
      reason,
      values: { names: [child.firstName], date, status },
      phone: null,
      providerMessageId: `${channel === 'whatsapp' ? 'wamid.' : ''}demo${stableUuid(`${id}/${channel}/provider`).replaceAll('-', '')}`,
      attempts: 1,
      dueAt: sentAt,
      sentAt: at(date, channel === 'whatsapp' ? 0 : 1),
      statusAt: at(date, minutes),
      createdAt: sentAt,
    });
    if (index === 2) {
      seed.deliveries.push(row('whatsapp', 'failed', 1, 'Message undeliverable'), row('sms', 'delivered', 2));
    } else {
      seed.deliveries.push(row('whatsapp', index === 0 ? 'delivered' : 'read', index === 0 ? 1 : 35));
    }
  });
  return seed;
}
