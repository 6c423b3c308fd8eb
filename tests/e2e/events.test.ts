/**
 * The school calendar in Chromium against the production build and the real server: the
 * demo admin adds an event for II B on /admin/events/add; the parent of a II B student (an account
 * made for this test and approved by the admin through the API) sees it on /student/events with
 * the demo school's holidays marked, goes offline, reloads and still reads both; the demo parent,
 * whose children are in IV B, never gets it from the API. The event also reached the II B parent's
 * inbox as a notification.
 */
import { describe, expect, it } from 'vitest';
import type { PendingAccount } from '../../contract/auth';
import type { SchoolEvent } from '../../contract/events';
import type { MyNotification } from '../../contract/notifications';
import { paths } from '../../contract/paths';
import { roleCodes } from '../../contract/roles';
import { eventsTexts as text } from '../../src/features/events/texts';
import { eventsTitles } from '../../src/features/events/texts';
import { useBrowser } from './support/browser';
import { demoUsername, greenvalley, uniqueEmail } from './support/demo';
import { signInAt } from './support/flows';
import { admin, api, classesOf, tokenOf, waitForServiceWorker, waitForSynced, waitUntil } from './support/offline';
import { studentsOf, uniqueName } from './support/records';
import { notificationPaths } from '../../contract/notifications';
import { eventPaths } from '../../contract/events';

const session = useBrowser();
const slow = 420_000;
/** The demo admin's first pull is the whole school's term; slower on a loaded machine. */
const firstPull = 150_000;

async function parentOf(baseUrl: string, adminToken: string, studentId: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('ev-parent');
  const password = 'Calendar-2026';
  await api(baseUrl, 'POST', paths.register, { body: { username: email, password, role: { id: roleCodes.parent } } });
  const pending = await api<PendingAccount[]>(baseUrl, 'GET', paths.accounts.pending, { token: adminToken });
  const account = pending.find((row) => row.username === email);
  if (!account) throw new Error(`no pending account ${email}`);
  // Registered here without its mailed code: the admin approves it knowingly (the second step).
  await api(baseUrl, 'POST', paths.accounts.approve(account.id), { token: adminToken, body: { childStudentIds: [studentId], unconfirmed: true } });
  return { email, password };
}

const isoIn = (days: number) => {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

describe('events', () => {
  it(
    'the admin adds an event for II B; the class’s parent reads it and the holidays offline; another class’s parent never gets it',
    async () => {
      const adminToken = await tokenOf(session.baseUrl, admin);
      const classes = await classesOf(session.baseUrl, adminToken);
      const iiB = classes.find((row) => row.className === 'II' && row.classSection === 'B')!;
      const child = (await studentsOf(session.baseUrl, adminToken)).find((row) => row.classId === iiB.id)!;
      const parent = await parentOf(session.baseUrl, adminToken, child.id);
      const title = uniqueName('Puppet show');
      const day = isoIn(3);

      const { page: adminPage } = await session.signedIn(admin);
      await adminPage.goto('/admin/events/add');
      await adminPage.getByLabel(text.form.title, { exact: true }).fill(title);
      await adminPage.getByLabel(text.form.startDate, { exact: true }).fill(day);
      await adminPage.getByLabel(text.form.startTime, { exact: true }).fill('10:30');
      await adminPage.getByLabel(text.form.audienceClasses, { exact: true }).check();
      await adminPage.getByLabel('II B', { exact: true }).check();
      await adminPage.getByRole('button', { name: text.form.save, exact: true }).click();
      await adminPage.waitForURL((url) => url.pathname === '/admin/events');
      await adminPage.locator('.rk-table tbody tr').filter({ hasText: title }).filter({ hasText: 'II B' }).waitFor();

      const stored = await waitUntil(
        async () => (await api<SchoolEvent[]>(session.baseUrl, 'GET', eventPaths.all, { token: adminToken })).find((row) => row.title === title),
        (row) => row !== undefined,
        60_000,
      );
      expect(stored).toMatchObject({ kind: 'event', startDate: day, endDate: day, startTime: '10:30', audience: { kind: 'classes', classIds: [iiB.id] } });

      const context = await session.newContext();
      const page = await context.newPage();
      await signInAt(page, greenvalley.schoolName, parent.email, parent.password);
      await page.waitForURL((url) => url.pathname === '/student');
      await waitForServiceWorker(page);
      await waitForSynced(page, firstPull);
      await page.goto('/student/events');
      const card = page.locator('.ev-card').filter({ has: page.getByRole('heading', { name: title }) });
      await card.waitFor();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: eventsTitles.events }).waitFor();
      await card.waitFor();
      expect(await card.textContent()).toContain('10:30');
      // The demo year's holidays are on the device too: a month with one shows it marked.
      await page.locator('.ev-grid').waitFor();
      for (let step = 0; step < 12 && (await page.locator('.ev-grid td.ev-holiday').count()) === 0; step += 1) {
        await page.getByRole('button', { name: text.calendar.next, exact: true }).click();
      }
      expect(await page.locator('.ev-grid td.ev-holiday').count()).toBeGreaterThan(0);
      await context.setOffline(false);

      const parentToken = (await api<{ jwtToken: string }>(session.baseUrl, 'POST', paths.authUser, { body: { username: parent.email, password: parent.password } })).jwtToken;
      const inbox = await api<MyNotification[]>(session.baseUrl, 'GET', notificationPaths.mine, { token: parentToken });
      expect(inbox.some((row) => row.title.endsWith(title) && row.link === '/student/events')).toBe(true);

      const otherToken = await tokenOf(session.baseUrl, demoUsername('parent'));
      const theirs = await api<SchoolEvent[]>(session.baseUrl, 'GET', eventPaths.all, { token: otherToken });
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.some((row) => row.id === stored!.id)).toBe(false);
    },
    slow,
  );
});
