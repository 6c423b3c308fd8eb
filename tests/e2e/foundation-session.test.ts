/**
 * Sessions in Chromium (spec sections 2, 4 and 6): the route guard's redirects, unknown
 * paths, the account-deletion flow from /login?action=deleteAccount, and logging out.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { en } from '../support/english';
import { staffTitles } from '../../src/kit/staff-titles';
import { useBrowser } from './support/browser';
import { demoOffice, demoPassword, demoPersonName, demoUsername, greenvalley, riverside } from './support/demo';
import { chooseSchool, dashboard, loginForm, pathOf, readStorage, signIn, signInAt, waitForPath } from './support/flows';
import { firstNavigationTo, installTimeline, readTimeline } from './support/timeline';

const session = useBrowser();

describe('route guard', () => {
  it.each(['/admin', '/student', '/settings'])('sends a signed-out visitor from %s to /login, replacing the entry', async (guarded) => {
    const page = await session.newPage();
    await installTimeline(page);
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(guarded);
    await waitForPath(page, '/login');
    await loginForm(page).email.waitFor();
    const entries = await readTimeline(page);
    expect(firstNavigationTo(entries, '/login').kind).toBe('replaceState');
    expect(entries.filter((entry) => entry.kind === 'pushState')).toEqual([]);

    // Going back does not return to the guarded page.
    await page.goBack();
    await waitForPath(page, '/home');
    expect(pathOf(page)).toBe('/home');
  });

  it('keeps a student out of the admin area', async () => {
    const page = await session.newPage();
    await signInAt(page, greenvalley.schoolName, demoUsername('student'), demoPassword);
    await waitForPath(page, '/student');

    await page.goto('/admin/classes');
    await waitForPath(page, '/student');
    await dashboard(page, greenvalley.schoolName).intro.waitFor();
    expect(await page.getByRole('heading', { name: staffTitles.classes, exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.dashboard.studentTitle);
  });

  it('lets a teacher into the admin area and its sections', async () => {
    const page = await session.newPage();
    await signInAt(page, greenvalley.schoolName, demoUsername('teacher'), demoPassword);
    await waitForPath(page, '/admin');
    await page.goto('/admin/classes');
    await page.getByRole('heading', { level: 1, name: staffTitles.classes, exact: true }).waitFor();
    expect(pathOf(page)).toBe('/admin/classes');
  });

  it('sends unknown paths to /home', async () => {
    const page = await session.newPage();
    await page.goto('/no/such/page?x=1');
    await waitForPath(page, '/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

describe('account deletion', () => {
  it('signs in from /login?action=deleteAccount to the delete-account dialog', async () => {
    const page = await session.newPage();
    await chooseSchool(page, riverside.schoolName);
    await page.goto('/login?action=deleteAccount');
    await page.getByText(en.auth.deleteAccountNote, { exact: true }).waitFor();
    await signIn(page, demoUsername('student'), demoPassword);

    await waitForPath(page, '/settings', (params) => params.get('action') === 'deleteAccount');
    const dialog = page.getByRole('dialog', { name: en.deleteAccount.title, exact: true });
    await dialog.waitFor();
    expect(await dialog.getByText(en.deleteAccount.body, { exact: true }).isVisible()).toBe(true);
    // The school's own office, as the school keeps it, not a placeholder.
    const office = demoOffice(riverside);
    await dialog.getByText(en.deleteAccount.contactName({ school: riverside.schoolName }), { exact: true }).waitFor();
    expect(await dialog.getByRole('link', { name: office.email, exact: true }).getAttribute('href')).toBe(`mailto:${office.email}`);
    expect(await dialog.getByRole('link', { name: office.phoneNumber, exact: true }).getAttribute('href')).toBe(`tel:${office.phoneNumber.replace(/\D/g, '')}`);

    const emailAdmin = dialog.getByRole('link', { name: en.deleteAccount.emailAdmin, exact: true });
    const href = await emailAdmin.getAttribute('href');
    expect(href).toMatch(/^mailto:/);
    const mail = new URL(href ?? '');
    expect(mail.pathname).toBe(office.email);
    expect(mail.searchParams.get('subject')).toBe(en.deleteAccount.mailSubject);
    const body = mail.searchParams.get('body') ?? '';
    const name = demoPersonName(riverside, 'student');
    expect(body).toContain(name);
    expect(body).toContain(demoUsername('student'));
    expect(body).toContain(en.dashboard.roles.student);
    expect(body).toBe(en.deleteAccount.mailBody({ name, userId: demoUsername('student'), role: en.dashboard.roles.student }));

    await dialog.getByRole('button', { name: en.deleteAccount.gotIt, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('action')).toBe(false);
    // Still signed in on /settings, and the dialog opens again from its button.
    await page.getByRole('button', { name: en.settings.deleteAccount, exact: true }).click();
    await dialog.waitFor();
  });

  it('goes straight to the dialog when already signed in', async () => {
    const page = await session.newPage();
    await signInAt(page, greenvalley.schoolName, demoUsername('admin'), demoPassword);
    await waitForPath(page, '/admin');
    await page.goto('/login?action=deleteAccount');
    await waitForPath(page, '/settings', (params) => params.get('action') === 'deleteAccount');
    const dialog = page.getByRole('dialog', { name: en.deleteAccount.title, exact: true });
    await dialog.waitFor();
    const body = new URL((await dialog.getByRole('link', { name: en.deleteAccount.emailAdmin, exact: true }).getAttribute('href')) ?? '')
      .searchParams.get('body');
    expect(body).toContain(demoPersonName(greenvalley, 'admin'));
    expect(body).toContain(demoUsername('admin'));
    expect(body).toContain(en.dashboard.roles.admin);
  });
});

describe('logout', () => {
  it('from /settings clears the stored session, and guarded pages send to /login again', async () => {
    const page = await session.newPage();
    await signInAt(page, greenvalley.schoolName, demoUsername('teacher'), demoPassword);
    await waitForPath(page, '/admin');
    await dashboard(page, greenvalley.schoolName).settings.click();
    await waitForPath(page, '/settings');
    await page.getByRole('heading', { level: 1, name: en.settings.title, exact: true }).waitFor();
    const before = await readStorage(page);
    expect(before.local.jwtToken).toBeTruthy();
    expect(before.session.currentTenantId).toBe(greenvalley.tenantId);

    await page.getByRole('button', { name: en.settings.logout, exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByText(messages.login.schoolRequired, { exact: true }).waitFor();

    const after = await readStorage(page);
    for (const key of ['jwtToken', 'username', 'userProfile']) expect(after.local).not.toHaveProperty(key);
    expect(after.session).not.toHaveProperty('currentTenantId');

    // Back in history is /admin (the settings entry was replaced): the guard sends to /login.
    await page.goBack();
    await waitForPath(page, '/login');
    await page.goto('/settings');
    await waitForPath(page, '/login');
    await loginForm(page).email.waitFor();
    expect(await loginForm(page).email.isDisabled()).toBe(true);
  });
});
