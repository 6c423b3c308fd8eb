/**
 * The WhatsApp and SMS screens (contract/messaging.ts) against a fake school: on
 * /admin/notifications an admin's panel reads the school's settings and this month's figures,
 * says which provider the server lacks, saves rates typed in rupees as paise and each kind's
 * channels in the order chosen, and shows a refused field at the field; offline it says it needs
 * a connection and asks nothing. A notification's deliveries list per recipient and channel in
 * English and in Hindi; an absence alert (sent by the school) opens read only for an admin, with
 * its deliveries. A parent's choices on /settings show the number's last digits and the school's
 * channels only, and save with PUT.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../contract/paths';
import { notificationPaths } from '../../../contract/notifications';
import { defaultMessagingSettings, messagingMessages, messagingPaths, type Delivery, type MessagingPreferences, type MessagingSettings } from '../../../contract/messaging';
import { createConnectivity } from '../../../sync';
import { notificationsTable, type NotificationRow } from '../../../sync/modules/notifications';
import NotificationFormPage from '../../../src/features/notifications/NotificationFormPage';
import NotificationsPage from '../../../src/features/notifications/NotificationsPage';
import { chooseChannel, draftOf, inputOf, moveChannel } from '../../../src/features/notifications/messaging-draft';
import SettingsPage from '../../../src/features/settings/SettingsPage';
import { showLanguage } from '../../../src/i18n';
import { monthOf } from '../../../src/kit/messaging-service';
import { messagingTexts as text } from '../../../src/kit/messaging-texts';
import { shortDateTime } from '../../../src/ui/dates';
import { byLabel, button, click, renderRoute, submit, type, type Rendered } from './dom';
import { studentEntry, teacherEntry } from './helpers';
import { fakeServer, ok, screenHarness, until, type Call, type Reply } from './records-harness';

const harness = screenHarness('messaging');
let view: Rendered | undefined;

afterEach(() => act(() => showLanguage('en', { remember: false })));

const id = (n: number) => `0197e000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const settings: MessagingSettings = { ...defaultMessagingSettings, smsEnabled: true, smsSenderId: 'GVPSCH', whatsappConfigured: false, smsConfigured: true };

const online = { engine: { connectivity: createConnectivity({ online: true }) } };

/** The school's answers an admin's notifications page asks for, with `more` beside them. */
function school(more: Record<string, (call: Call) => Reply> = {}): Call[] {
  return fakeServer({
    [`GET ${notificationPaths.all}`]: () => ok([]),
    [`GET ${paths.accounts.all}`]: () => ok([]),
    [`GET ${messagingPaths.settings}`]: () => ok(settings),
    [`GET ${messagingPaths.usage}`]: (call) =>
      ok({ month: call.url.searchParams.get('month'), whatsapp: { messages: 1234, cost: 98_720 }, sms: { messages: 40, cost: 1000 } }),
    ...more,
  });
}

const panel = () => view!.container.querySelector<HTMLElement>('section[aria-labelledby="ms-heading"]');
const form = () => panel()!.querySelector('form')!;
const labelled = (label: string) => view!.container.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`);

async function showNotifications() {
  view = await harness.show(renderRoute('/admin/notifications', <NotificationsPage />, '/admin/notifications'));
}

describe('the school’s WhatsApp and SMS on /admin/notifications', () => {
  it('reads the settings and the month’s figures, says what the server lacks, and saves rupees as paise with each kind’s channels in order', async () => {
    let saved: unknown;
    const calls = school({
      [`PUT ${messagingPaths.settings}`]: (call) => {
        saved = JSON.parse(call.body);
        return ok({ ...settings, ...(saved as object) }, messagingMessages.settingsSaved);
      },
    });
    await harness.engine('ADMIN', { storage: {}, ...online });
    await showNotifications();
    await until(() => panel()?.querySelector('form') != null, 'the settings');

    expect(panel()!.querySelector('h2')?.textContent).toBe('Messages by WhatsApp and SMS');
    expect(panel()!.textContent).toContain(text.settings.whatsappNotSetUp);
    expect(panel()!.textContent).not.toContain(text.settings.smsNotSetUp);
    expect(byLabel(form(), text.settings.senderId).value).toBe('GVPSCH');
    expect(byLabel(form(), text.settings.whatsappRate).value).toBe('0.80');
    expect(byLabel(form(), text.settings.smsRate).value).toBe('0.25');

    // This month's figures, with Indian grouping and rupees.
    await until(() => panel()!.querySelector('.ms-usage-table') != null, 'the month’s figures');
    const usageCall = calls.find((call) => call.url.pathname === messagingPaths.usage)!;
    expect(usageCall.url.searchParams.get('month')).toBe(monthOf(new Date()));
    const figures = Array.from(panel()!.querySelectorAll('.ms-usage-table tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(figures).toEqual([
      ['Channel', 'Messages', 'Cost'],
      ['WhatsApp', '1,234', '₹987.20'],
      ['SMS', '40', '₹10.00'],
      ['Total', '1,274', '₹997.20'],
    ]);

    // WhatsApp on, with its number id; new rates in rupees.
    await click(byLabel(form(), text.settings.whatsappEnabled));
    expect(byLabel(form(), text.settings.whatsappEnabled).getAttribute('role')).toBe('switch');
    await type(byLabel(form(), text.settings.phoneNumberId), '109876543210987');
    await type(byLabel(form(), text.settings.whatsappRate), '1.15');
    await type(byLabel(form(), text.settings.smsRate), '0.2');
    // Fee reminders: SMS before WhatsApp; push stays first and cannot be passed.
    const feeUp = labelled(text.settings.moveUp({ channel: 'SMS', kind: text.kinds.feeReminder }))!;
    await click(feeUp);
    expect(labelled(text.settings.moveUp({ channel: 'SMS', kind: text.kinds.feeReminder }))!.disabled).toBe(true);
    // The moved button's row moved; the focus went with it (to its other button, the up one being disabled now).
    expect(document.activeElement).toBe(labelled(text.settings.moveDown({ channel: 'SMS', kind: text.kinds.feeReminder })));
    // Receipts: SMS added after WhatsApp.
    const receipts = Array.from(form().querySelectorAll('fieldset.ms-kind')).find((set) => set.querySelector('legend')?.textContent === text.kinds.receipt)!;
    await click(byLabel(receipts as HTMLElement, 'SMS'));
    // Absence alerts: urgent, with the DLT template id (the first kind's fields).
    await click(byLabel(form(), text.settings.urgent));
    await type(byLabel(form(), text.settings.dltTemplateId), '1107161234567890123');

    await submit(form());
    await until(() => saved !== undefined, 'the PUT');
    expect(saved).toMatchObject({
      whatsappEnabled: true,
      whatsappPhoneNumberId: '109876543210987',
      smsEnabled: true,
      smsSenderId: 'GVPSCH',
      escalationMinutes: 10,
      whatsappRate: 115,
      smsRate: 20,
      kinds: {
        absence: { channels: ['push', 'whatsapp', 'sms'], urgent: true, dltTemplateId: '1107161234567890123' },
        feeReminder: { channels: ['push', 'sms', 'whatsapp'], urgent: false },
        receipt: { channels: ['whatsapp', 'sms'] },
        reportCard: { channels: ['whatsapp'] },
      },
    });
    await until(() => panel()!.querySelector('.ms-saved')?.textContent === messagingMessages.settingsSaved, 'the saved status');
    expect(panel()!.querySelector('.ms-saved')?.getAttribute('role')).toBe('status');
    expect(byLabel(form(), text.settings.whatsappRate).value).toBe('1.15');
  });

  it('shows the school’s refusal at its field, and refuses on the device what the contract refuses', async () => {
    const calls = school({
      [`PUT ${messagingPaths.settings}`]: () => ({
        status: 400,
        body: { success: false, message: messagingMessages.dltTemplateId, data: { fieldErrors: { 'kinds.absence.dltTemplateId': [messagingMessages.dltTemplateId] } } },
      }),
    });
    await harness.engine('ADMIN', { storage: {}, ...online });
    await showNotifications();
    await until(() => panel()?.querySelector('form') != null, 'the settings');

    // SMS on without a sender id: the device says so at the field and sends nothing.
    await type(byLabel(form(), text.settings.senderId), '');
    await submit(form());
    const sender = byLabel(form(), text.settings.senderId);
    expect(sender.getAttribute('aria-invalid')).toBe('true');
    expect(panel()!.textContent).toContain(messagingMessages.senderIdNeeded);
    expect(document.activeElement).toBe(sender);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await type(sender, 'gvpsch');
    expect(sender.value).toBe('GVPSCH');
    await submit(form());
    const dlt = () => byLabel(form(), text.settings.dltTemplateId);
    await until(() => dlt().getAttribute('aria-invalid') === 'true', 'the refused field');
    const errorId = dlt().getAttribute('aria-describedby')!.split(' ').find((one) => one.endsWith('-error'))!;
    expect(document.getElementById(errorId)?.textContent).toBe(messagingMessages.dltTemplateId);
    expect(panel()!.querySelector('[role="alert"]')?.textContent).toContain(text.settings.fixErrors({ count: 1 }));
    expect(sender.getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('speaks Hindi whole: no English of its own left but the names WhatsApp, SMS and DLT', async () => {
    school();
    await harness.engine('ADMIN', { storage: {}, ...online });
    await showNotifications();
    await until(() => panel()?.querySelector('.ms-usage-table') != null, 'the settings and figures');
    await act(() => showLanguage('hi', { remember: false }));
    expect(panel()!.querySelector('h2')?.textContent).toBe('WhatsApp और SMS से संदेश');
    const attributes = [...panel()!.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? '');
    const walker = document.createTreeWalker(panel()!, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    const words = [...texts, ...attributes].join(' ').match(/[A-Za-z]{2,}/g) ?? [];
    expect([...new Set(words)].filter((word) => !['WhatsApp', 'SMS', 'DLT'].includes(word))).toEqual([]);
    await act(() => showLanguage('en', { remember: false }));
  });

  it('offline, says the settings need a connection and asks the school nothing', async () => {
    const calls = school();
    await harness.engine('ADMIN', { storage: {} });
    await showNotifications();
    await until(() => panel() != null, 'the panel');
    await until(() => panel()!.textContent?.includes(text.settings.offline) === true, 'the offline note');
    expect(panel()!.querySelector('form')).toBeNull();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/messaging'))).toBe(false);
  });

  it('is not offered to a teacher', async () => {
    school();
    await harness.engine('TEACHER', { storage: {}, ...online });
    await showNotifications();
    await until(() => view!.container.querySelector('section[aria-labelledby="nt-staff-inbox"]') != null, 'the page');
    expect(panel()).toBeNull();
  });

  it('builds the PUT body of a draft: push first, moves that cannot happen leave the list as it was, unreadable rupees refused', () => {
    expect(chooseChannel(['whatsapp', 'sms'], 'push', true)).toEqual(['push', 'whatsapp', 'sms']);
    expect(chooseChannel(['push', 'whatsapp'], 'sms', true)).toEqual(['push', 'whatsapp', 'sms']);
    expect(chooseChannel(['push', 'whatsapp'], 'push', false)).toEqual(['whatsapp']);
    const list = ['push', 'whatsapp', 'sms'] as const;
    expect(moveChannel(list, 'whatsapp', -1)).toBe(list);
    expect(moveChannel(list, 'push', 1)).toBe(list);
    expect(moveChannel(list, 'sms', 1)).toBe(list);
    expect(moveChannel(list, 'sms', -1)).toEqual(['push', 'sms', 'whatsapp']);

    const draft = draftOf(settings);
    expect(inputOf({ ...draft, whatsappRate: '₹ 99.5' })).toMatchObject({ ok: true, input: { whatsappRate: 9950, smsRate: 25 } });
    expect(inputOf({ ...draft, smsRate: '100.01' })).toEqual({ ok: false, errors: { smsRate: messagingMessages.rate } });
    expect(inputOf({ ...draft, whatsappRate: 'eighty', escalationMinutes: '0' })).toEqual({
      ok: false,
      errors: { whatsappRate: messagingMessages.rate, escalationMinutes: messagingMessages.escalationMinutes },
    });
    expect(inputOf({ ...draft, kinds: { ...draft.kinds, receipt: { ...draft.kinds.receipt, channels: [] } } })).toEqual({
      ok: false,
      errors: { 'kinds.receipt.channels': messagingMessages.channelsEmpty },
    });
    // Fee reminder days: typed with commas, sent in order once each; a word or a day out of range is refused at the one field.
    expect(inputOf({ ...draft, feeReminderDays: '7, -3,0, 7' })).toMatchObject({ ok: true, input: { feeReminderDays: [-3, 0, 7] } });
    expect(inputOf({ ...draft, feeReminderDays: '' })).toMatchObject({ ok: true, input: { feeReminderDays: [] } });
    expect(inputOf({ ...draft, feeReminderDays: '-3, soon' })).toEqual({ ok: false, errors: { feeReminderDays: messagingMessages.reminderDays } });
    expect(inputOf({ ...draft, feeReminderDays: '90' })).toEqual({ ok: false, errors: { feeReminderDays: messagingMessages.reminderDays } });
  });
});

const me = id(901);

function notification(n: number, fields: Partial<NotificationRow>): NotificationRow {
  return {
    id: id(100 + n),
    title: `Notice ${n}`,
    message: `Message ${n}`,
    link: null,
    audience: { kind: 'school', classIds: [], roles: [], userIds: [] },
    publishAt: '2026-11-23T03:30:00.000Z',
    published: true,
    sentBy: me,
    rev: 5,
    ...fields,
  };
}

const deliveries: Delivery[] = [
  { recipientUserId: id(51), recipientName: 'Sunita Rao', studentId: id(61), channel: 'sms', status: 'failed', reason: messagingMessages.reasons.noPhone, at: '2026-11-23T03:45:00.000Z' },
  { recipientUserId: id(50), recipientName: 'Meera Iyer', studentId: id(60), channel: 'whatsapp', status: 'read', reason: null, at: '2026-11-23T03:41:00.000Z' },
  { recipientUserId: id(50), recipientName: 'Meera Iyer', studentId: id(60), channel: 'push', status: 'delivered', reason: null, at: '2026-11-23T03:30:05.000Z' },
  { recipientUserId: id(51), recipientName: 'Sunita Rao', studentId: id(61), channel: 'push', status: 'failed', reason: 'Provider said: number blocked', at: '2026-11-23T03:31:00.000Z' },
];

const deliveryRows = () =>
  Array.from(view!.container.querySelectorAll('section[aria-labelledby="ms-deliveries-heading"] tbody tr')).map((row) =>
    Array.from(row.children)
      .map((cell) => cell.textContent)
      .join(' | '),
  );

describe('a notification’s deliveries', () => {
  it('lists per recipient and channel the status, the reason and the time, in English and in Hindi', async () => {
    school({
      [`GET ${notificationPaths.history(id(101))}`]: () => ok([]),
      [`GET ${messagingPaths.deliveries(id(101))}`]: () => ok(deliveries),
    });
    const engine = await harness.engine('ADMIN', { storage: {}, ...online });
    await engine.db.tableOf(notificationsTable).put(notification(1, { title: 'Sports day' }));
    view = await harness.show(renderRoute('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(101)}`));
    await until(() => deliveryRows().length === 4, 'the deliveries');
    expect(deliveryRows()).toEqual([
      `Meera Iyer | Phone push | Delivered |  | ${shortDateTime('2026-11-23T03:30:05.000Z')}`,
      `Meera Iyer | WhatsApp | Read |  | ${shortDateTime('2026-11-23T03:41:00.000Z')}`,
      `Sunita Rao | Phone push | Failed | Provider said: number blocked | ${shortDateTime('2026-11-23T03:31:00.000Z')}`,
      `Sunita Rao | SMS | Failed | No mobile number on record. | ${shortDateTime('2026-11-23T03:45:00.000Z')}`,
    ]);
    expect(shortDateTime('2026-11-23T03:45:00.000Z')).toMatch(/^23\/11\/2026, \d{1,2}:\d{2} [ap]m$/);
    const counts = () => Array.from(view!.container.querySelectorAll('.ms-counts li')).map((item) => item.textContent);
    expect(counts()).toEqual(['Delivered: 1', 'Read: 1', 'Failed: 2']);
    // The form is still the form.
    expect(byLabel(view!.container, 'Title').value).toBe('Sports day');

    await act(() => showLanguage('hi', { remember: false }));
    expect(view!.container.querySelector('#ms-deliveries-heading')?.textContent).toBe('वितरण स्थिति');
    expect(deliveryRows()).toEqual([
      `Meera Iyer | फ़ोन पुश | पहुँचा |  | ${shortDateTime('2026-11-23T03:30:05.000Z')}`,
      `Meera Iyer | WhatsApp | पढ़ा गया |  | ${shortDateTime('2026-11-23T03:41:00.000Z')}`,
      `Sunita Rao | फ़ोन पुश | विफल | Provider said: number blocked | ${shortDateTime('2026-11-23T03:31:00.000Z')}`,
      `Sunita Rao | SMS | विफल | रिकॉर्ड में कोई मोबाइल नंबर नहीं है। | ${shortDateTime('2026-11-23T03:45:00.000Z')}`,
    ]);
    expect(counts()).toEqual(['पहुँचा: 1', 'पढ़ा गया: 1', 'विफल: 2']);
    await act(() => showLanguage('en', { remember: false }));
  });

  it('offline, says the deliveries are online only; one not yet at the school has none to show', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await engine.db.tableOf(notificationsTable).bulkPut([notification(1, { title: 'Sports day' }), notification(2, { title: 'Made here', rev: 0 })]);
    view = await harness.show(renderRoute('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(101)}`));
    await until(() => view!.container.textContent?.includes(text.deliveries.offline) === true, 'the offline note');
    view.unmount();
    view = await harness.show(renderRoute('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(102)}`));
    await until(() => view!.container.textContent?.includes(text.deliveries.waiting) === true, 'the waiting note');
  });

  it('lets an admin open an absence alert the school sent, read only, with its deliveries', async () => {
    school({ [`GET ${messagingPaths.deliveries(id(103))}`]: () => ok(deliveries.slice(0, 1)) });
    const engine = await harness.engine('ADMIN', { storage: {}, ...online });
    await engine.db.tableOf(notificationsTable).put(
      notification(3, { title: 'Aarav is absent', message: 'Aarav was marked absent on 23/11/2026 in V A.', sentBy: null, audience: { kind: 'people', classIds: [], roles: [], userIds: [id(51)] } }),
    );
    await showNotifications();
    await until(() => labelled(text.notice.openLabel({ title: 'Aarav is absent' })) != null, 'the list');
    expect(labelled(text.notice.openLabel({ title: 'Aarav is absent' }))!.textContent).toBe(text.notice.open);
    await click(labelled(text.notice.openLabel({ title: 'Aarav is absent' }))!);
    expect(view!.router.state.location.pathname).toBe(`/admin/editnotification/${id(103)}`);
    view!.unmount();

    view = await harness.show(renderRoute('/admin/editnotification/:notificationId', <NotificationFormPage />, `/admin/editnotification/${id(103)}`));
    await until(() => deliveryRows().length === 1, 'the deliveries');
    expect(view.container.querySelector('h1')?.textContent).toBe(text.notice.title);
    expect(view.container.querySelector('form')).toBeNull();
    expect(view.container.textContent).toContain('Aarav was marked absent on 23/11/2026 in V A.');
    expect(view.container.textContent).toContain(text.notice.note);
    expect(deliveryRows()[0]).toContain('Sunita Rao | SMS | Failed | No mobile number on record.');
  });
});

describe('a parent’s WhatsApp and SMS on /settings', () => {
  const preferences: MessagingPreferences = { whatsapp: true, sms: true, phoneEnding: '1234', absenceOptOutAllowed: false, whatsappOn: true, smsOn: true };
  const section = () => view!.container.querySelector<HTMLElement>('section[aria-labelledby="settings-messaging"]');

  async function showSettings(role: 'PARENT' | 'ADMIN' = 'PARENT', options = online) {
    const profile = role === 'PARENT' ? studentEntry({ userType: 'PARENT', username: 'parent@kaksha.demo' }) : teacherEntry({ userType: 'ADMIN' });
    await harness.engine(role, { storage: { profile }, ...options });
    view = await harness.show(renderRoute('/settings', <SettingsPage />, '/settings'));
  }

  it('shows the number’s last digits and saves the choices with PUT', async () => {
    let saved: unknown;
    fakeServer({
      [`GET ${messagingPaths.preferences}`]: () => ok(preferences),
      [`PUT ${messagingPaths.preferences}`]: (call) => {
        saved = JSON.parse(call.body);
        return ok({ ...preferences, ...(saved as object) }, messagingMessages.preferencesSaved);
      },
    });
    await showSettings();
    await until(() => section()?.querySelector('form') != null, 'the choices');
    expect(section()!.querySelector('h2')?.textContent).toBe('Messages on WhatsApp and SMS');
    expect(section()!.textContent).toContain('Messages go to the mobile number ending in …1234.');
    expect(section()!.textContent).toContain(text.preferences.absenceStays);
    const whatsapp = byLabel(section()!, text.preferences.whatsapp);
    const sms = byLabel(section()!, text.preferences.sms);
    expect([whatsapp.checked, sms.checked, whatsapp.getAttribute('role')]).toEqual([true, true, 'switch']);
    await click(sms);
    await click(button(section()!, text.preferences.save));
    await until(() => saved !== undefined, 'the PUT');
    expect(saved).toEqual({ whatsapp: true, sms: false });
    await until(() => section()!.querySelector('[role="status"]')?.textContent === messagingMessages.preferencesSaved, 'the saved status');
    expect(byLabel(section()!, text.preferences.sms).checked).toBe(false);
  });

  it('offers only the channels the school uses, and says when no number is on record', async () => {
    fakeServer({ [`GET ${messagingPaths.preferences}`]: () => ok({ ...preferences, phoneEnding: null, smsOn: false, absenceOptOutAllowed: true }) });
    await showSettings();
    await until(() => section()?.querySelector('form') != null, 'the choices');
    expect(section()!.textContent).toContain(text.preferences.noNumber);
    expect(section()!.textContent).toContain(text.preferences.absenceFollows);
    expect(() => byLabel(section()!, text.preferences.sms)).toThrow();
    expect(byLabel(section()!, text.preferences.whatsapp).checked).toBe(true);
  });

  it('offline, says the choices need a connection; staff have no such panel', async () => {
    const calls = fakeServer({});
    await showSettings('PARENT', { engine: {} } as typeof online);
    await until(() => section()?.textContent?.includes(text.preferences.offline) === true, 'the offline note');
    expect(section()!.querySelector('form')).toBeNull();
    expect(calls).toEqual([]);
    await harness.close();

    await showSettings('ADMIN');
    await until(() => view!.container.querySelector('#settings-files') != null, 'the page');
    expect(section()).toBeNull();
  });
});
