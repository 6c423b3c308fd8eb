/**
 * /admin/schools over a fake fetch: the signed-in school's details and no other school; an admin's
 * edit checks phone and e-mail before sending, sends JSON to PUT /schools/update/{tenantId} and
 * shows the answer; an admin switches absence alerts and report-card ranks and chooses the print language (PUT
 * /schools/settings/{tenantId}); a teacher reads only; offline the Save button waits and the typing stays.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { createConnectivity } from '../../../sync';
import SchoolsPage from '../../../src/features/schools/SchoolsPage';
import { schoolsTexts } from '../../../src/features/schools/texts';
import { t } from '../../../src/i18n';
import { button, byLabel, click, renderRoute, type, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { fakeServer, ok, screenHarness, signInStorage, until } from './records-harness';

let view: Rendered | undefined;
const harness = screenHarness('schools');

const green = { tenantId: 'greenvalley', schoolName: 'Green Valley Public School', schoolId: 'GV-01' };
const river = { tenantId: 'riverside', schoolName: 'Riverside High School', schoolId: 'RH-01' };
// As GET /schools/{id} answers (contract/school.ts schoolDetailsSchema): the screen reads it with that schema.
const details = { ...green, address: '12 MG Road, Pune', phoneNumber: '2026123456', email: 'office@greenvalley.in', absenceAlerts: true, showRanks: true };

const signIn = (role: string, profile: object = teacherEntry()) => signInStorage(role, { profile });

const textOf = () => view!.container.textContent ?? '';
const save = () => button(view!.container, schoolsTexts.save);

describe('/admin/schools', () => {
  it('shows the own school only, never asking for the list; an admin’s edit is checked, sent as JSON and shown', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok(details),
      [`GET ${paths.schools.all}`]: () => ok([green, river]),
      [`PUT ${paths.schools.update('greenvalley')}`]: (call) => ok({ ...details, ...JSON.parse(call.body), phoneNumber: '9876543210' }, messages.schools.updated),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    for (const value of ['Green Valley Public School', 'GV-01', 'greenvalley', '2026123456', 'office@greenvalley.in']) {
      expect(textOf()).toContain(value);
    }
    for (const value of ['Riverside High School', 'RH-01', 'riverside']) expect(textOf()).not.toContain(value);
    expect(calls.some((call) => call.url.pathname === paths.schools.all)).toBe(false);

    const phone = byLabel(view.container, schoolsTexts.fields.phoneNumber);
    const email = byLabel(view.container, schoolsTexts.fields.email);
    expect(phone.value).toBe('2026123456');
    await type(phone, '12345');
    await type(email, 'not-an-email');
    await click(save());
    expect(textOf()).toContain(messages.records.fields.phone('Phone number'));
    expect(textOf()).toContain(messages.records.fields.email('Email'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await type(phone, '+91 98765 43210');
    await type(email, 'Head@GreenValley.in');
    await click(save());
    await until(() => calls.some((call) => call.method === 'PUT'), 'the PUT');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(paths.schools.update('greenvalley'));
    expect(JSON.parse(put.body)).toEqual({ address: '12 MG Road, Pune', phoneNumber: '+91 98765 43210', email: 'Head@GreenValley.in' });
    await until(() => view!.container.querySelector('[role="status"].school-form-status')?.textContent === messages.schools.updated, 'the answer');
    expect(phone.value).toBe('9876543210');
    expect(view.container.querySelector('.school-details')?.textContent).toContain('9876543210');
  });

  it('shows the server’s refusal and keeps the typing', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok(details),
      [`GET ${paths.schools.all}`]: () => ok([green]),
      [`PUT ${paths.schools.update('greenvalley')}`]: () => ({ status: 403, body: { success: false, message: messages.auth.forbidden, data: null } }),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    const address = byLabel(view.container, schoolsTexts.fields.address);
    await type(address, '14 MG Road, Pune');
    await click(save());
    await until(() => view!.container.querySelector('[role="alert"]')?.textContent === messages.auth.forbidden, 'the refusal');
    expect(address.value).toBe('14 MG Road, Pune');
  });

  it('an admin switches absence alerts off at once (PUT /schools/settings), a refusal keeps the switch as it was', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    let refuse = false;
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok({ ...details, absenceAlerts: true }),
      [`PUT ${paths.schools.settings('greenvalley')}`]: (call) =>
        refuse
          ? { status: 403, body: { success: false, message: messages.auth.forbidden, data: null } }
          : ok({ ...details, ...JSON.parse(call.body) }, messages.schools.settingsUpdated),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    const toggle = () => view!.container.querySelector<HTMLInputElement>('input[role="switch"]')!;
    expect(byLabel(view.container, schoolsTexts.alertsLabel)).toBe(toggle());
    expect(toggle().checked).toBe(true);
    expect(view.container.querySelector('.school-details')?.textContent).toContain(`${schoolsTexts.alertsHeading}${schoolsTexts.alertsOn}`);

    await click(toggle());
    await until(() => !toggle().checked, 'the switch off');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(paths.schools.settings('greenvalley'));
    expect(JSON.parse(put.body)).toEqual({ absenceAlerts: false });
    expect(view.container.querySelector('.school-details')?.textContent).toContain(`${schoolsTexts.alertsHeading}${schoolsTexts.alertsOff}`);

    refuse = true;
    await click(toggle());
    await until(() => view!.container.querySelector('[role="alert"]')?.textContent === messages.auth.forbidden, 'the refusal');
    expect(toggle().checked).toBe(false);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('an admin turns ranks on report cards off: only that switch is sent', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok({ ...details, absenceAlerts: true, showRanks: true }),
      [`PUT ${paths.schools.settings('greenvalley')}`]: (call) => ok({ ...details, absenceAlerts: true, showRanks: true, ...JSON.parse(call.body) }, messages.schools.settingsUpdated),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    const ranks = () => byLabel(view!.container, schoolsTexts.ranksLabel) as HTMLInputElement;
    expect(ranks().checked).toBe(true);
    await click(ranks());
    await until(() => !ranks().checked, 'the switch off');
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body)).toEqual({ showRanks: false });
    expect(view.container.querySelector('.school-details')?.textContent).toContain(`${schoolsTexts.ranksHeading}${schoolsTexts.alertsOff}`);
    expect(byLabel(view.container, schoolsTexts.alertsLabel)).toHaveProperty('checked', true);
  });

  it('an admin chooses the print language: only it is sent and the details follow', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok(details),
      [`PUT ${paths.schools.settings('greenvalley')}`]: (call) => ok({ ...details, printLanguage: 'en', ...JSON.parse(call.body) }, messages.schools.settingsUpdated),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    const details$ = () => view!.container.querySelector('.school-details')?.textContent;
    // A school's answer without the field (an older server) reads English.
    expect(details$()).toContain(`${t.printLanguage.heading}English`);
    const select = byLabel<HTMLSelectElement>(view.container, t.printLanguage.label);
    expect(select.value).toBe('en');
    expect([...select.options].map((option) => option.textContent)).toEqual(['English', 'हिन्दी', 'मराठी']);
    await type(select, 'mr');
    await until(() => details$()?.includes(`${t.printLanguage.heading}मराठी`) ?? false, 'the new print language');
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body)).toEqual({ printLanguage: 'mr' });
    expect(byLabel<HTMLSelectElement>(view.container, t.printLanguage.label).value).toBe('mr');
  });

  it('a teacher reads the details without a form, with the admin-only note', async () => {
    signIn('TEACHER');
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok(details),
      [`GET ${paths.schools.all}`]: () => ok([green]),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school');
    expect(textOf()).toContain(schoolsTexts.adminOnly);
    expect(view.container.querySelector('form')).toBeNull();
    expect(view.container.querySelector('input[role="switch"]')).toBeNull();
    expect(view.container.querySelector('select')).toBeNull();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('offline: says so, the Save button waits, and what was typed stays', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    const connectivity = createConnectivity({ online: false });
    await harness.engine('ADMIN', { engine: { connectivity } });
    const calls = fakeServer({
      [`GET ${paths.schools.one('greenvalley')}`]: () => ok(details),
      [`GET ${paths.schools.all}`]: () => ok([green]),
    });
    view = await harness.show(renderRoute('/admin/schools', <SchoolsPage />, '/admin/schools'));
    await until(() => textOf().includes(schoolsTexts.offline), 'the offline note');
    expect(calls.filter((call) => call.url.pathname.includes('/schools/'))).toEqual([]);

    await act(async () => connectivity.setOnline(true));
    await until(() => textOf().includes('12 MG Road, Pune'), 'the school once online');
    const address = byLabel(view.container, schoolsTexts.fields.address);
    await type(address, 'Typed while the network dropped');
    await act(async () => connectivity.setOnline(false));
    await until(() => save().disabled, 'the disabled Save');
    expect(textOf()).toContain(schoolsTexts.offlineEditing);
    await click(save());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(address.value).toBe('Typed while the network dropped');
    await act(async () => connectivity.setOnline(true));
    await until(() => !save().disabled, 'Save again');
    expect(byLabel(view.container, schoolsTexts.fields.address).value).toBe('Typed while the network dropped');
  });
});
