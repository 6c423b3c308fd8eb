/**
 * WhatsApp and SMS to parents (server/modules/messaging/) through stand-ins of the WhatsApp Cloud
 * API and MSG91 on loopback (tests/support/messaging-stand-ins.ts), so the real senders, the loop
 * and the signed callbacks run: the chain (no device -> WhatsApp at once; push opened -> nothing
 * more; push unopened -> WhatsApp after the school's minutes; WhatsApp failed -> SMS), one message
 * naming both children, quiet hours, STOP and START, an outage sent once, repeated and forged
 * callbacks, a parent's choices, the settings' rules and the deliveries' roles and tenants.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { MarkSheetResult } from '../../contract/attendance';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultMessagingSettings,
  messagingMessages,
  messagingPaths,
  type Delivery,
  type MessagingSettingsInput,
} from '../../contract/messaging';
import { notificationPaths } from '../../contract/notifications';
import { paths } from '../../contract/paths';
import { absenceAlerts, notifications } from '../../server/modules/notifications/tables';
import { feeHeads, feeInstallments, feeStructures } from '../../server/modules/fees/tables';
import { runFeeReminders } from '../../server/modules/fees/reminder-schedule';
import { tellFamilies } from '../../server/modules/exams/publish';
import { readShareToken, shareToken } from '../../server/share-links';
import { feeMessages, feePaths } from '../../contract/fees';
import type { Exam } from '../../contract/exams';
import { messageDeliveries } from '../../server/modules/messaging/tables';
import { providersFrom, type Providers } from '../../server/modules/messaging/providers';
import { sendDueMessages } from '../../server/modules/messaging/sender';
import { onDayThroughout } from '../support/fixed-day';
import { messagingSettingsFor, startSmsStandIn, startWhatsAppStandIn, type SmsStandIn, type WhatsAppStandIn } from '../support/messaging-stand-ins';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

// Friday 20/11/2026, noon UTC: 17:30 at school.
onDayThroughout('2026-11-20');

let t: TestApp;
let whatsapp: WhatsAppStandIn;
let sms: SmsStandIn;
let providers: Providers;
let origin: string;
let green: SchoolFixture;
let river: SchoolFixture;
let g: Tokens;
let r: Tokens;
let aarav: string;
let diya: string;

const phoneNumberId = '109876543210';
const logLines: string[] = [];
const aaravsPhone = '919876543210';
const greenSettings: MessagingSettingsInput = {
  ...defaultMessagingSettings,
  whatsappEnabled: true,
  whatsappPhoneNumberId: phoneNumberId,
  smsEnabled: true,
  smsSenderId: 'KAKSHA',
  kinds: {
    ...defaultMessagingSettings.kinds,
    absence: { channels: ['push', 'whatsapp', 'sms'], urgent: false, whatsappTemplate: 'absence_alert', dltTemplateId: '1107161234567890123', smsTemplateId: '64a1b2c3d4e5f6a7b8c9d0e1' },
  },
};

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** A time at school (India) on a day: `at('2026-11-20', '22:00')`. */
const atSchool = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

beforeAll(async () => {
  whatsapp = await startWhatsAppStandIn();
  sms = await startSmsStandIn();
  const messaging = messagingSettingsFor(whatsapp, sms);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ config: { messaging, deliveryIntervalMs: 0 }, logger: { level: 'info', stream } });
  providers = providersFrom(messaging, { publicUrl: 'https://school.example.in', shareKey: t.app.keys.shareLink });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  [aarav, diya] = green.studentIds as [string, string];
  const saved = await putSettings(greenSettings);
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await whatsapp?.close();
  await sms?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, tenant = 'green') =>
  t.call({ method, url, tenant, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const putSettings = (settings: MessagingSettingsInput, token = g.admin, tenant = 'green') => call('PUT', messagingPaths.settings, token, settings, tenant);
const webhookUrl = () => `${origin}${messagingPaths.whatsappWebhook}`;
const reportUrl = () => `${origin}${messagingPaths.smsReport}`;
const send = (now: Date = new Date()) => sendDueMessages(t.database.db, providers, () => now);

async function mark(date: string, studentId: string, status: 'absent' | 'late' | 'present', classId = green.classIds[0]!, token = g.admin, baseRev?: number) {
  const response = await call('POST', paths.attendance.markSheet, token, { classId, date, entries: [{ studentId, status, ...(baseRev ? { baseRev } : {}) }] });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json().data as MarkSheetResult;
  expect(result.conflicts).toEqual([]);
  return result;
}

async function alertOf(date: string, studentId = aarav): Promise<string> {
  const [row] = await t.database.db
    .select({ id: absenceAlerts.notificationId })
    .from(absenceAlerts)
    .where(and(eq(absenceAlerts.tenantId, 'green'), eq(absenceAlerts.studentId, studentId), eq(absenceAlerts.date, date)));
  return row!.id!;
}

async function deliveries(notificationId: string, token = g.admin, tenant = 'green'): Promise<Delivery[]> {
  const response = await call('GET', messagingPaths.deliveries(notificationId), token, undefined, tenant);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Delivery[];
}

const channelsOf = (list: Delivery[]) => list.map((one) => [one.channel, one.status, one.reason]);

describe('settings', () => {
  it('an admin reads and saves the channels; no secret is answered; other roles are refused; bad values change nothing', async () => {
    const read = await call('GET', messagingPaths.settings, g.admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ whatsappEnabled: true, smsSenderId: 'KAKSHA', whatsappConfigured: true, smsConfigured: true });
    expect(read.body).not.toContain(whatsapp.accessToken);
    expect(read.body).not.toContain(sms.authKey);
    expect(read.body).not.toContain(sms.reportToken);
    // Another school has its own (the defaults: push only).
    const river = await call('GET', messagingPaths.settings, r.admin, undefined, 'river');
    expect(river.json().data).toMatchObject({ whatsappEnabled: false, smsEnabled: false, escalationMinutes: 10 });
    for (const token of [g.teacher, g.parent, g.student]) expect((await call('GET', messagingPaths.settings, token)).statusCode).toBe(403);
    expect((await putSettings(greenSettings, g.teacher)).statusCode).toBe(403);

    const refused = await putSettings({ ...greenSettings, smsSenderId: 'kaksha', whatsappPhoneNumberId: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fieldErrors).toMatchObject({ smsSenderId: [messagingMessages.senderId], whatsappPhoneNumberId: [messagingMessages.phoneNumberIdNeeded] });
    const noChannels = await putSettings({ ...greenSettings, escalationMinutes: 0, kinds: { ...greenSettings.kinds, absence: { ...greenSettings.kinds.absence, channels: [] } } });
    expect(noChannels.statusCode).toBe(400);
    expect((await call('GET', messagingPaths.settings, g.admin)).json().data).toMatchObject({ smsSenderId: 'KAKSHA', escalationMinutes: 10, whatsappPhoneNumberId: phoneNumberId });
  });

  it("Meta's verification handshake answers the challenge only to our verify token", async () => {
    const ok = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=${whatsapp.verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
  });
});

describe('the chain', () => {
  it('a parent with no phone app gets WhatsApp at once, in the template with the child, status and date; callbacks move it forward once', async () => {
    await mark('2026-11-02', aarav, 'absent');
    const before = whatsapp.sent.length;
    expect(await send()).toMatchObject({ sent: 1, failed: 0 });
    const message = whatsapp.sent.slice(before);
    expect(message).toEqual([
      { id: expect.stringMatching(/^wamid\./), phoneNumberId, to: aaravsPhone, template: 'absence_alert', language: 'en', parameters: ['Aarav', 'absent', '02/11/2026'] },
    ]);
    const id = await alertOf('2026-11-02');
    expect(channelsOf(await deliveries(id))).toEqual([['whatsapp', 'sent', null]]);

    expect((await whatsapp.postStatus(webhookUrl(), message[0]!.id, 'delivered')).status).toBe(200);
    expect((await whatsapp.postStatus(webhookUrl(), message[0]!.id, 'read')).status).toBe(200);
    // A late or repeated callback never takes it back.
    expect((await whatsapp.postStatus(webhookUrl(), message[0]!.id, 'delivered')).status).toBe(200);
    expect((await whatsapp.postStatus(webhookUrl(), message[0]!.id, 'sent')).status).toBe(200);
    expect(channelsOf(await deliveries(id))).toEqual([['whatsapp', 'read', null]]);
    // A forged callback (signed with another secret) is refused and changes nothing.
    const forged = await whatsapp.postStatus(webhookUrl(), message[0]!.id, 'failed', { signature: `sha256=${'0'.repeat(64)}` });
    expect(forged.status).toBe(400);
    expect(channelsOf(await deliveries(id))).toEqual([['whatsapp', 'read', null]]);
    expect(await send()).toMatchObject({ sent: 0 });
    expect(whatsapp.sent.length).toBe(before + 1);
    expect(whatsapp.unauthorized).toBe(0);
  });

  it('with a phone app: nothing more once the push is opened; an unopened push goes on to WhatsApp after the minutes', async () => {
    const registered = await call('POST', paths.updateFcmToken, g.parent, { username: 'parent@example.in', fcmToken: 'phone-of-parent' });
    expect(registered.statusCode).toBe(200);
    try {
      await mark('2026-11-03', aarav, 'absent');
      const opened = await alertOf('2026-11-03');
      const before = whatsapp.sent.length;
      expect(await send()).toMatchObject({ sent: 0 });
      expect((await call('POST', notificationPaths.read(opened), g.parent)).statusCode).toBe(200);
      expect(await send(minutesFromNow(11))).toMatchObject({ sent: 0, skipped: 1 });
      expect(whatsapp.sent.length).toBe(before);
      expect((await deliveries(opened)).map((one) => one.channel)).toEqual(['push']);

      await mark('2026-11-04', aarav, 'late');
      const unopened = await alertOf('2026-11-04');
      expect(await send(minutesFromNow(9))).toMatchObject({ sent: 0 });
      expect(await send(minutesFromNow(11))).toMatchObject({ sent: 1 });
      expect(whatsapp.sent.slice(before).map((one) => one.parameters)).toEqual([['Aarav', 'late', '04/11/2026']]);
      expect(channelsOf(await deliveries(unopened))).toEqual([
        ['push', 'queued', null],
        ['whatsapp', 'sent', null],
      ]);
    } finally {
      await call('POST', paths.removeFcmToken, g.parent, { fcmToken: 'phone-of-parent' });
    }
  });

  it('WhatsApp failed after sending: SMS with the DLT sender and template; its delivery report is applied once, a report without our token refused', async () => {
    await mark('2026-11-05', aarav, 'absent');
    const id = await alertOf('2026-11-05');
    expect(await send()).toMatchObject({ sent: 1 });
    const message = whatsapp.sent.at(-1)!;
    expect((await whatsapp.postStatus(webhookUrl(), message.id, 'failed', { error: 'Message undeliverable' })).status).toBe(200);
    const smsBefore = sms.sent.length;
    expect(await send()).toMatchObject({ sent: 1 });
    expect(sms.sent.slice(smsBefore)).toEqual([
      {
        requestId: expect.any(String),
        templateId: '64a1b2c3d4e5f6a7b8c9d0e1',
        sender: 'KAKSHA',
        dltTemplateId: '1107161234567890123',
        to: aaravsPhone,
        variables: ['Aarav', 'absent', '05/11/2026'],
      },
    ]);
    expect(channelsOf(await deliveries(id))).toEqual([
      ['whatsapp', 'failed', 'Message undeliverable'],
      ['sms', 'sent', null],
    ]);
    const requestId = sms.sent.at(-1)!.requestId;
    expect((await sms.report(reportUrl(), requestId, '1', 'DELIVERED', 'not-our-token')).status).toBe(400);
    expect(channelsOf(await deliveries(id)).at(-1)).toEqual(['sms', 'sent', null]);
    expect((await sms.report(reportUrl(), requestId, '1', 'DELIVERED')).status).toBe(200);
    expect((await sms.report(reportUrl(), requestId, '2', 'FAILED')).status).toBe(200);
    expect(channelsOf(await deliveries(id)).at(-1)).toEqual(['sms', 'delivered', null]);
    expect(sms.unauthorized).toBe(0);
  });

  it('a parent of two absent children gets one message naming both', async () => {
    await mark('2026-11-06', aarav, 'absent');
    await mark('2026-11-06', diya, 'absent', green.classIds[1]!);
    const before = whatsapp.sent.length;
    expect(await send()).toMatchObject({ sent: 2 });
    expect(whatsapp.sent.slice(before).map((one) => [one.to, one.parameters])).toEqual([[aaravsPhone, ['Aarav and Diya', 'absent', '06/11/2026']]]);
    const [first, second] = [await deliveries(await alertOf('2026-11-06')), await deliveries(await alertOf('2026-11-06', diya))];
    expect(channelsOf(first)).toEqual([['whatsapp', 'sent', null]]);
    expect(channelsOf(second)).toEqual([['whatsapp', 'sent', null]]);
  });

  it('a correction before the message went drops it', async () => {
    await call('POST', paths.updateFcmToken, g.parent, { username: 'parent@example.in', fcmToken: 'phone-of-parent-2' });
    try {
      const sheet = await mark('2026-11-09', aarav, 'absent');
      const id = await alertOf('2026-11-09');
      await mark('2026-11-09', aarav, 'present', green.classIds[0]!, g.admin, sheet.records[0]!.rev);
      const before = whatsapp.sent.length;
      expect(await send(minutesFromNow(11))).toMatchObject({ sent: 0 });
      expect(whatsapp.sent.length).toBe(before);
      expect((await deliveries(id)).filter((one) => one.channel !== 'push')).toEqual([]);
    } finally {
      await call('POST', paths.removeFcmToken, g.parent, { fcmToken: 'phone-of-parent-2' });
    }
  });
});

describe('when and whether', () => {
  it('nothing goes in quiet hours unless urgent: a message due at 22:00 goes at 07:00', async () => {
    await mark('2026-11-10', aarav, 'absent');
    const before = whatsapp.sent.length;
    expect(await send(atSchool('2026-11-20', '22:00'))).toMatchObject({ sent: 0, deferred: 1 });
    expect(await send(atSchool('2026-11-21', '06:59'))).toMatchObject({ sent: 0 });
    expect(await send(atSchool('2026-11-21', '07:00'))).toMatchObject({ sent: 1 });
    expect(whatsapp.sent.length).toBe(before + 1);

    expect((await putSettings({ ...greenSettings, kinds: { ...greenSettings.kinds, absence: { ...greenSettings.kinds.absence, urgent: true } } })).statusCode).toBe(200);
    try {
      await mark('2026-11-11', aarav, 'absent');
      expect(await send(atSchool('2026-11-20', '23:30'))).toMatchObject({ sent: 1, deferred: 0 });
    } finally {
      await putSettings(greenSettings);
    }
  });

  it('STOP on WhatsApp is honoured (the message goes by SMS instead) until START', async () => {
    expect((await whatsapp.postReply(webhookUrl(), phoneNumberId, aaravsPhone, 'STOP')).status).toBe(200);
    await mark('2026-11-12', aarav, 'absent');
    const [waBefore, smsBefore] = [whatsapp.sent.length, sms.sent.length];
    expect(await send()).toMatchObject({ failed: 1 });
    expect(await send()).toMatchObject({ sent: 1 });
    expect(whatsapp.sent.length).toBe(waBefore);
    expect(sms.sent.length).toBe(smsBefore + 1);
    expect(channelsOf(await deliveries(await alertOf('2026-11-12')))).toEqual([
      ['whatsapp', 'failed', messagingMessages.reasons.stopped],
      ['sms', 'sent', null],
    ]);
    expect((await whatsapp.postReply(webhookUrl(), phoneNumberId, aaravsPhone, 'START')).status).toBe(200);
    await mark('2026-11-13', aarav, 'absent');
    expect(await send()).toMatchObject({ sent: 1 });
    expect(whatsapp.sent.length).toBe(waBefore + 1);
  });

  it('a provider returning 500 delays the message, which then goes once', async () => {
    whatsapp.failNext(1);
    await mark('2026-11-16', aarav, 'absent');
    const before = whatsapp.sent.length;
    expect(await send()).toMatchObject({ sent: 0, retried: 1 });
    expect(channelsOf(await deliveries(await alertOf('2026-11-16')))).toEqual([['whatsapp', 'queued', null]]);
    expect(await send(minutesFromNow(0.2))).toMatchObject({ sent: 0 });
    expect(await send(minutesFromNow(1))).toMatchObject({ sent: 1 });
    expect(await send(minutesFromNow(2))).toMatchObject({ sent: 0 });
    expect(whatsapp.sent.length).toBe(before + 1);
  });

  it("a parent's choice: WhatsApp off keeps absence alerts on unless the school allows turning them off", async () => {
    const read = await call('GET', messagingPaths.preferences, g.parent);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ whatsapp: true, sms: true, phoneEnding: '3210', absenceOptOutAllowed: false, whatsappOn: true, smsOn: true });
    for (const token of [g.student, g.teacher, g.admin]) expect((await call('GET', messagingPaths.preferences, token)).statusCode).toBe(403);
    expect((await call('PUT', messagingPaths.preferences, g.parent, { whatsapp: 'no', sms: true })).statusCode).toBe(400);
    const saved = await call('PUT', messagingPaths.preferences, g.parent, { whatsapp: false, sms: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(messagingMessages.preferencesSaved);
    try {
      await mark('2026-11-17', aarav, 'absent');
      const before = whatsapp.sent.length;
      expect(await send()).toMatchObject({ sent: 1 });
      expect(whatsapp.sent.length).toBe(before + 1);

      expect((await putSettings({ ...greenSettings, absenceOptOutAllowed: true })).statusCode).toBe(200);
      await mark('2026-11-18', aarav, 'absent');
      const smsBefore = sms.sent.length;
      await send();
      await send();
      expect(whatsapp.sent.length).toBe(before + 1);
      expect(sms.sent.length).toBe(smsBefore + 1);
      expect(channelsOf(await deliveries(await alertOf('2026-11-18')))).toEqual([
        ['whatsapp', 'failed', messagingMessages.reasons.turnedOff],
        ['sms', 'sent', null],
      ]);
    } finally {
      await putSettings(greenSettings);
      await call('PUT', messagingPaths.preferences, g.parent, { whatsapp: true, sms: true });
    }
  });

  it('a student with no mobile number on record: failed with the reason, nothing sent', async () => {
    // Kabir (V A) has no number; a parent account linked to him alone.
    const kabir = green.studentIds[2]!;
    const rows = await t.database.db.select().from(messageDeliveries);
    const before = rows.length;
    await mark('2026-11-19', kabir, 'absent');
    // No linked parent: the day is claimed, no notification, nothing queued.
    expect((await t.database.db.select().from(messageDeliveries)).length).toBe(before);
  });
});

describe('fee reminders, receipts and report cards', () => {
  const due = { past: randomUUID(), soon: randomUUID() };

  beforeAll(async () => {
    const db = t.database.db;
    const headId = randomUUID();
    const structureId = randomUUID();
    await db.insert(feeHeads).values({ id: headId, tenantId: 'green', name: 'Tuition' });
    await db.insert(feeStructures).values({ id: structureId, tenantId: 'green', classId: green.classIds[0]!, academicYear: 2026 });
    await db.insert(feeInstallments).values([
      { id: due.past, tenantId: 'green', structureId, headId, frequency: 'termly', position: 0, label: 'Term 1', dueDate: '2026-11-13', amount: 100_000 },
      { id: due.soon, tenantId: 'green', structureId, headId, frequency: 'termly', position: 1, label: 'Term 2', dueDate: '2026-11-23', amount: 100_000 },
    ]);
  });

  it("go by themselves on the school's days from the due date, from 09:00, once a day, once per installment and day", async () => {
    expect((await putSettings({ ...greenSettings, feeReminderDays: [7, -3, 0] })).statusCode).toBe(200);
    try {
      expect(await runFeeReminders(t.database.db, atSchool('2026-11-20', '08:59'))).toEqual({});
      // Term 1 was due 7 days ago, Term 2 is due in 3: one notice for Aarav's family (Kabir has none to tell).
      expect(await runFeeReminders(t.database.db, atSchool('2026-11-20', '09:30'))).toEqual({ green: 1 });
      expect(await runFeeReminders(t.database.db, atSchool('2026-11-20', '15:00'))).toEqual({});
      const [told] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenantId, 'green'), eq(notifications.title, feeMessages.reminderTitle)));
      expect(told!.message).toBe(feeMessages.reminderMessage('Aarav Sharma', '₹2,000.00', '13/11/2026'));
      const before = whatsapp.sent.length;
      expect(await send()).toMatchObject({ sent: 1 });
      expect(whatsapp.sent.slice(before).map((one) => [one.template, one.parameters])).toEqual([
        ['fee_reminder', ['Aarav', '₹2,000.00', '13/11/2026', 'https://school.example.in/student/fees']],
      ]);
      // The next day matches no day of the school's; on the due date Term 2 is told again ("due today").
      expect(await runFeeReminders(t.database.db, atSchool('2026-11-21', '09:30'))).toEqual({ green: 0 });
      expect(await runFeeReminders(t.database.db, atSchool('2026-11-23', '09:30'))).toEqual({ green: 1 });
      const dueToday = await t.database.db.select().from(notifications).where(and(eq(notifications.tenantId, 'green'), eq(notifications.title, 'Fees due')));
      expect(dueToday.map((one) => one.message)).toEqual(["Aarav Sharma's fees of ₹1,000.00 are due on 23/11/2026. Pay in the app or at the school office."]);
      expect(dueToday[0]!.translations?.hi?.title).toBe('शुल्क देय');
      const beforeDue = whatsapp.sent.length;
      expect(await send()).toMatchObject({ sent: 1 });
      expect(whatsapp.sent.slice(beforeDue).map((one) => one.parameters)).toEqual([['Aarav', '₹1,000.00', '23/11/2026', 'https://school.example.in/student/fees']]);
    } finally {
      await putSettings(greenSettings);
    }
  });

  it('a receipt reaches the family on WhatsApp with a signed link to it alone', async () => {
    const paid = await call('POST', feePaths.create, g.admin, {
      studentId: aarav,
      mode: 'cash',
      paidOn: '2026-11-20',
      items: [{ installmentId: due.soon, amount: 100_000 }],
      fine: 0,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = paid.json().data as { id: string; receiptNumber: string };
    const before = whatsapp.sent.length;
    expect(await send()).toMatchObject({ sent: 1 });
    const [message] = whatsapp.sent.slice(before);
    expect(message).toMatchObject({ template: 'fee_receipt', to: aaravsPhone });
    const [name, number, amount, link] = message!.parameters;
    expect([name, number, amount]).toEqual(['Aarav', receipt.receiptNumber, '₹1,000.00']);
    const token = link!.replace('https://school.example.in/shared/', '');
    expect(link).toBe(`https://school.example.in/shared/${token}`);
    expect(await readShareToken(t.app.keys.shareLink, token)).toEqual({ valid: true, target: { tenantId: 'green', kind: 'receipt', id: receipt.id } });
    // Not the other school's key, not after 30 days.
    expect((await readShareToken(new Uint8Array(32), token)).valid).toBe(false);
    expect(await readShareToken(t.app.keys.shareLink, token, new Date(Date.now() + 31 * 86_400_000))).toEqual({ valid: false, expired: true });
  });

  it("a class's published results send each sitting child's parents a link to that child's report card", async () => {
    const examId = randomUUID();
    await t.database.db.transaction((tx) => tellFamilies(tx, 'green', { id: examId, name: 'Term 1 examination' } as Exam, green.classIds[0]!, [aarav, green.studentIds[2]!]));
    const before = whatsapp.sent.length;
    expect(await send()).toMatchObject({ sent: 1 });
    const [message] = whatsapp.sent.slice(before);
    expect(message).toMatchObject({ template: 'report_card', to: aaravsPhone });
    expect(message!.parameters.slice(0, 2)).toEqual(['Aarav', 'Term 1 examination']);
    const token = message!.parameters[2]!.replace('https://school.example.in/shared/', '');
    expect(await readShareToken(t.app.keys.shareLink, token)).toEqual({ valid: true, target: { tenantId: 'green', kind: 'reportCard', id: `${examId}:${aarav}` } });
  });
});

describe('secrets', () => {
  it('no provider secret, report token, verify token or signed link reaches the log', async () => {
    const token = await shareToken(t.app.keys.shareLink, { tenantId: 'green', kind: 'receipt', id: randomUUID() });
    await fetch(`${origin}/api/shared/${token}`);
    const log = logLines.join('\n');
    expect(log).toContain(messagingPaths.smsReport);
    expect(log).toContain('/api/shared/[redacted]');
    for (const secret of [sms.reportToken, sms.authKey, whatsapp.verifyToken, whatsapp.accessToken, whatsapp.appSecret, token]) expect(log).not.toContain(secret);
  });
});

describe('deliveries and usage', () => {
  it('deliveries: admins of the school; not a teacher who did not send it, not a family, not another school', async () => {
    const id = await alertOf('2026-11-02');
    expect((await call('GET', messagingPaths.deliveries(id), g.teacher)).statusCode).toBe(403);
    expect((await call('GET', messagingPaths.deliveries(id), g.parent)).statusCode).toBe(403);
    expect((await call('GET', messagingPaths.deliveries(id), g.student)).statusCode).toBe(403);
    expect((await call('GET', messagingPaths.deliveries(id), r.admin, undefined, 'river')).statusCode).toBe(404);
    expect((await call('GET', messagingPaths.deliveries('not-a-uuid'), g.admin)).statusCode).toBe(400);
    const list = await deliveries(id);
    expect(list[0]).toMatchObject({ recipientUserId: green.accounts.parent.id, recipientName: 'parent@example.in', studentId: aarav });
  });

  it("the month's messages and their cost at the school's rates; another school's are its own", async () => {
    const usage = await call('GET', `${messagingPaths.usage}?month=2026-11`, g.admin);
    expect(usage.statusCode).toBe(200);
    const data = usage.json().data as { whatsapp: { messages: number; cost: number }; sms: { messages: number; cost: number } };
    expect(data.whatsapp.messages).toBeGreaterThan(5);
    expect(data.whatsapp.cost).toBe(data.whatsapp.messages * greenSettings.whatsappRate);
    expect(data.sms.cost).toBe(data.sms.messages * greenSettings.smsRate);
    expect((await call('GET', `${messagingPaths.usage}?month=2026-11`, r.admin, undefined, 'river')).json().data).toMatchObject({
      whatsapp: { messages: 0, cost: 0 },
      sms: { messages: 0, cost: 0 },
    });
    expect((await call('GET', `${messagingPaths.usage}?month=11-2026`, g.admin)).statusCode).toBe(400);
    expect((await call('GET', `${messagingPaths.usage}?month=2026-11`, g.teacher)).statusCode).toBe(403);
  });
});
