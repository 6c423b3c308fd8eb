import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import SettingsPage from '../../../src/features/settings/SettingsPage';
import { sessionStore } from '../../../src/session/session-store';
import { button, click, renderRoute, type Rendered } from './dom';
import { liveTokenFor, studentEntry, teacherEntry } from './helpers';
import { fakeServer, ok, screenHarness, until } from './records-harness';
import { keepSchoolCopy } from '../../../src/kit/school-copy';
import type { SchoolDetails } from '../../../contract/school';
import { en } from '../../support/english';

const screens = screenHarness('settings');

const school: SchoolDetails = {
  tenantId: 'greenvalley',
  schoolName: 'Green Valley Public School',
  schoolId: 'GVPS',
  address: '12 MG Road, Pune',
  phoneNumber: '+91 98765 43210',
  email: 'office@greenvalley.test',
  absenceAlerts: true,
  showRanks: true,
  printLanguage: 'en',
};

let view: Rendered | undefined;

function signIn(role: string, profile: object) {
  sessionStorage.setItem('currentTenantId', 'greenvalley');
  localStorage.setItem('jwtToken', liveTokenFor(role));
  localStorage.setItem('username', `${role.toLowerCase()}@kaksha.demo`);
  localStorage.setItem('userProfile', JSON.stringify(profile));
  localStorage.setItem('last_sent_fcm_token', 'device-1');
  sessionStore.start();
}

function dialog() {
  return document.querySelector<HTMLElement>('[role="dialog"]');
}

beforeEach(() => {
  sessionStore.start();
  // No school answers here: a parent's WhatsApp and SMS choices, asked online, are not found (messaging-screens.test.tsx shows them).
  fakeServer({});
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('/settings', () => {
  it('shows the stored student profile and goes back to /student', async () => {
    signIn('STUDENT', studentEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const text = view.container.textContent ?? '';
    for (const value of ['Ananya Sharma', 'student@kaksha.demo', 'GV-2019-001', 'Class 5 A', 'Green Valley Public School', '09/03/2014', 'Female']) {
      expect(text).toContain(value);
    }
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/student');
    expect(view.container.querySelector('[role="dialog"]')).toBeNull();
    await click(button(view.container, 'Change password'));
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Change password');
    expect(dialog?.querySelectorAll('input[type="password"]').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the employee id of a teacher and goes back to /admin', async () => {
    signIn('TEACHER', teacherEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain('EMP-042');
    expect(view.container.textContent).not.toContain('Admission ID');
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/admin');
  });

  it('shows the no-data and error states', async () => {
    signIn('STUDENT', studentEntry());
    localStorage.removeItem('userProfile');
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain(messages.settings.noData);
    view.unmount();
    localStorage.setItem('userProfile', '{broken');
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    expect(view.container.textContent).toContain(messages.settings.localLoadFailed);
  });

  it('opens the delete-account modal from ?action=deleteAccount with the school office\'s own contact; Got It closes it and drops the action', async () => {
    const engine = await screens.engine('STUDENT', { storage: { profile: studentEntry() } });
    await keepSchoolCopy(engine.db, { ...school, tenantId: engine.tenantId });
    view = await renderRoute('/settings', <SettingsPage />, '/settings?action=deleteAccount');
    await until(() => dialog()?.textContent?.includes('Green Valley Public School office') ?? false, 'the school office');
    const modal = dialog();
    expect(modal?.textContent).toContain('Delete your account');
    expect(modal?.textContent).not.toContain('placeholder');
    expect(modal?.querySelector('a[href="mailto:office@greenvalley.test"]')?.textContent).toBe('office@greenvalley.test');
    expect(modal?.querySelector('a[href="tel:+919876543210"]')?.textContent).toBe('+91 98765 43210');
    const mail = modal?.querySelector<HTMLAnchorElement>('a.btn')?.getAttribute('href') ?? '';
    expect(mail.startsWith('mailto:office@greenvalley.test?')).toBe(true);
    const body = decodeURIComponent(mail.split('body=')[1] ?? '');
    expect(body).toContain('Name: Ananya Sharma');
    expect(body).toContain(`User ID: ${engine.username}`);
    expect(body).toContain('Role: Student');
    await click(button(document.body, 'Got it'));
    expect(dialog()).toBeNull();
    expect(view.router.state.location.search).toBe('');
  });

  it('before the device has the school\'s details, or when the school gave none, says to ask at the office and offers no address', async () => {
    const engine = await screens.engine('STUDENT', { storage: { profile: studentEntry() } });
    view = await renderRoute('/settings', <SettingsPage />, '/settings?action=deleteAccount');
    await until(() => dialog()?.textContent?.includes(en.deleteAccount.contactUnknown) ?? false, 'the office unknown');
    expect(dialog()?.querySelector('a')).toBeNull();

    await act(() => keepSchoolCopy(engine.db, { ...school, tenantId: engine.tenantId, email: null, phoneNumber: '  ' }));
    await until(() => dialog()?.textContent?.includes(en.deleteAccount.contactMissing) ?? false, 'no contact given');
    expect(dialog()?.textContent).toContain('Green Valley Public School office');
    expect(dialog()?.querySelector('a')).toBeNull();
  });

  it('the modal closes on Escape and on a click outside, and gives focus back', async () => {
    signIn('PARENT', studentEntry());
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const opener = button(view.container, 'Delete account');
    opener.focus();
    await click(opener);
    expect(dialog()).not.toBeNull();
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);

    await click(opener);
    const backdrop = document.querySelector<HTMLElement>('.modal-backdrop')!;
    await act(async () => {
      backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      backdrop.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(dialog()).toBeNull();
  });

  it('a parent: their own name, e-mail and school, then each child with class (not the first child as the parent)', async () => {
    await keepSchoolCopy((await screens.engine('PARENT')).db, school);
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    sessionStore.login({
      username: 'parent@kaksha.demo',
      token: liveTokenFor('PARENT'),
      profile: {
        students: [
          studentEntry({ userType: 'PARENT', username: 'parent@kaksha.demo' }),
          studentEntry({
            userType: 'PARENT',
            username: 'parent@kaksha.demo',
            studentId: 'stu-2',
            firstName: 'Vihaan',
            admissionId: 'GV-2023-014',
            rollNumber: '3',
            studentProfileModel: { ...studentEntry().studentProfileModel, className: 'II', classSection: 'C' },
          }),
        ],
        teachers: [],
        parentProfile: { name: 'Prakash and Shruti Kulkarni' },
      },
    });
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const lists = Array.from(view.container.querySelectorAll('dl.profile-list'));
    const rowsOf = (list: Element | undefined) =>
      Array.from(list?.querySelectorAll('.profile-row') ?? []).map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);
    expect(rowsOf(lists[0])).toEqual(['Name: Prakash and Shruti Kulkarni', 'Email: parent@kaksha.demo', 'School: Green Valley Public School']);
    const children = view.container.querySelector('section[aria-labelledby="settings-children"]');
    expect(children?.querySelector('h2')?.textContent).toBe('Your children');
    expect(Array.from(children?.querySelectorAll('h3') ?? []).map((h) => h.textContent)).toEqual(['Ananya Sharma', 'Vihaan Sharma']);
    expect(rowsOf(lists[1])).toEqual(['Admission ID: GV-2019-001', 'Roll number: 7', 'Class: Class 5 A']);
    expect(rowsOf(lists[2])).toEqual(['Admission ID: GV-2023-014', 'Roll number: 3', 'Class: II C']);
    expect(view.container.querySelector('header a')?.getAttribute('href')).toBe('/student');

    await click(button(view.container, 'Delete account'));
    await until(() => dialog()?.querySelector('a.btn') != null, 'the e-mail button');
    const body = decodeURIComponent(dialog()?.querySelector<HTMLAnchorElement>('a.btn')?.getAttribute('href')?.split('body=')[1] ?? '');
    expect(body).toContain('Name: Prakash and Shruti Kulkarni');
    expect(body).toContain('Role: Parent');
  });

  it('a parent the school recorded no name for: name not provided, never the child’s', async () => {
    signIn('PARENT', studentEntry({ userType: 'PARENT', username: 'parent@kaksha.demo' }));
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    const own = view.container.querySelector('dl.profile-list');
    expect(own?.querySelector('.profile-row dd')?.textContent).toBe('Not provided');
    expect(own?.textContent).not.toContain('Ananya');
    expect(own?.textContent).not.toContain('GV-2019-001');
    expect(view.container.querySelector('section[aria-labelledby="settings-children"] h3')?.textContent).toBe('Ananya Sharma');
  });

  it('logout removes the device’s push token at the school first, then clears the session and the school, and goes to /login', async () => {
    signIn('ADMIN', teacherEntry({ userType: 'ADMIN' }));
    const calls = fakeServer({ [`POST ${paths.removeFcmToken}`]: () => ok(null) });
    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    await click(button(view.container, 'Log out'));
    await until(() => view!.router.state.location.pathname === '/login', 'the sign-in page');
    expect(calls.map((call) => [call.method, call.url.pathname, JSON.parse(call.body)])).toEqual([['POST', paths.removeFcmToken, { fcmToken: 'device-1' }]]);
    for (const key of ['jwtToken', 'username', 'userProfile', 'last_sent_fcm_token']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('currentTenantId')).toBeNull();
    expect(sessionStore.getSnapshot().session).toBeNull();
    expect(view.router.state.location.pathname).toBe('/login');
  });
});
