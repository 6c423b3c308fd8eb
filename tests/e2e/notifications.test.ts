/**
 * Notifications in Chromium against the production build and the real server: the demo
 * admin sends a notification to II B on /admin/addnotification; the parent of a II B student (an
 * account made for this test and approved by the admin through the API) sees it unread on
 * /student/notifications, goes offline, reloads, still reads it and opens it (marked read on the
 * device, waiting in the outbox); back online the mark reaches the school once; the demo parent,
 * whose children are in IV B, never sees it, in the API or on the page.
 */
import { describe, expect, it } from 'vitest';
import type { PendingAccount } from '../../contract/auth';
import type { MyNotification, NotificationWithReads } from '../../contract/notifications';
import { paths } from '../../contract/paths';
import { roleCodes } from '../../contract/roles';
import type { PullResponse } from '../../contract/sync';
import { notificationTexts as text } from '../../src/features/notifications/texts';
import { notificationTitles } from '../../src/features/notifications/texts';
import { syncTexts } from '../../src/sync-binding/texts';
import { useBrowser } from './support/browser';
import { demoUsername, greenvalley, uniqueEmail } from './support/demo';
import { signInAt } from './support/flows';
import { admin, api, classesOf, syncStatus, tokenOf, waitForNothingWaiting, waitForServiceWorker, waitForSynced, waitUntil } from './support/offline';
import { studentsOf, uniqueName } from './support/records';
import { notificationPaths } from '../../contract/notifications';

const session = useBrowser();
const slow = 720_000;
/**
 * The demo admin's first pull is the whole school's term (90 s measured with eight agents on two
 * cores, more as modules add demo data); a parent's is their children's only.
 */
const firstPull = 300_000;

/** A parent account for `studentId`: registered, then approved by the admin with that child. */
async function parentOf(baseUrl: string, adminToken: string, studentId: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('nt-parent');
  const password = 'Notices-2026';
  await api(baseUrl, 'POST', paths.register, { body: { username: email, password, role: { id: roleCodes.parent } } });
  const pending = await api<PendingAccount[]>(baseUrl, 'GET', paths.accounts.pending, { token: adminToken });
  const account = pending.find((row) => row.username === email);
  if (!account) throw new Error(`no pending account ${email}`);
  // Registered here without its mailed code: the admin approves it knowingly (the second step).
  await api(baseUrl, 'POST', paths.accounts.approve(account.id), { token: adminToken, body: { childStudentIds: [studentId], unconfirmed: true } });
  return { email, password };
}

/** Every change a user's full pull gives, page by page. */
async function pullAll(baseUrl: string, token: string): Promise<PullResponse['changes']> {
  const changes: PullResponse['changes'] = [];
  let cursor = '';
  for (;;) {
    const page = await api<PullResponse>(baseUrl, 'GET', `${paths.sync.pull}?cursor=${encodeURIComponent(cursor)}&limit=1000`, { token });
    changes.push(...page.changes);
    if (!page.hasMore) return changes;
    cursor = page.cursor;
  }
}

describe('notifications', () => {
  it(
    'the admin sends one to II B; the class’s parent reads it offline and the read reaches the school once; another class’s parent never sees it',
    async () => {
      const adminToken = await tokenOf(session.baseUrl, admin);
      const classes = await classesOf(session.baseUrl, adminToken);
      const iiB = classes.find((row) => row.className === 'II' && row.classSection === 'B')!;
      const child = (await studentsOf(session.baseUrl, adminToken)).find((row) => row.classId === iiB.id)!;
      const parent = await parentOf(session.baseUrl, adminToken, child.id);
      const title = uniqueName('Science fair');
      const message = 'Bring your model to the hall on Friday at 9 am.';

      // The admin sends it to II B on /admin/addnotification.
      const { page: adminPage } = await session.signedIn(admin);
      await adminPage.goto('/admin/addnotification');
      await adminPage.getByLabel(text.form.title, { exact: true }).fill(title);
      await adminPage.getByLabel(text.form.message, { exact: true }).fill(message);
      await adminPage.getByLabel(text.form.link, { exact: true }).selectOption('/student/homework');
      await adminPage.getByLabel(text.form.audienceKinds.classes!, { exact: true }).check();
      await adminPage.getByLabel('II B', { exact: true }).check();
      await adminPage.getByRole('button', { name: text.form.save, exact: true }).click();
      await adminPage.waitForURL((url) => url.pathname === '/admin/notifications');

      const sent = await waitUntil(
        async () => (await api<NotificationWithReads[]>(session.baseUrl, 'GET', notificationPaths.all, { token: adminToken })).find((row) => row.title === title),
        (row) => row !== undefined,
        60_000,
      );
      expect(sent).toMatchObject({ message, link: '/student/homework', audience: { kind: 'classes', classIds: [iiB.id] }, published: true, readCount: 0 });
      // The admin's list names it with its audience.
      await adminPage.locator('tbody tr').filter({ hasText: title }).filter({ hasText: 'II B' }).waitFor();

      // The parent of a II B student sees it, unread.
      const context = await session.newContext();
      const page = await context.newPage();
      await signInAt(page, greenvalley.schoolName, parent.email, parent.password);
      await page.waitForURL((url) => url.pathname === '/student');
      await waitForServiceWorker(page);
      await waitForSynced(page, firstPull);
      await page.goto('/student/notifications');
      const card = page.locator('.nt-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.waitFor();
      await card.getByText(text.family.unread, { exact: true }).waitFor();

      // Offline, after a reload: still there; opened, it shows the message and is read on the device.
      await context.setOffline(true);
      await page.reload();
      await card.waitFor();
      await card.getByText(text.family.unread, { exact: true }).waitFor();
      await card.getByRole('button', { name: text.family.openLabel({ title }), exact: true }).click();
      await card.getByText(message, { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: text.family.goTo, exact: true }).getAttribute('href')).toBe('/student/homework');
      await card.getByText(text.family.unread, { exact: true }).waitFor({ state: 'detached' });
      await syncStatus(page).getByText(syncTexts.pending({ count: 1 }), { exact: true }).waitFor();
      // Opened again on the plane: still one change waiting.
      await card.getByRole('button', { name: text.family.openLabel({ title }), exact: true }).click();
      await card.getByRole('button', { name: text.family.openLabel({ title }), exact: true }).click();
      await syncStatus(page).getByText(syncTexts.pending({ count: 1 }), { exact: true }).waitFor();

      // Back online: the mark reaches the school once.
      await context.setOffline(false);
      await waitForNothingWaiting(page, 60_000);
      const parentToken = (await api<{ jwtToken: string }>(session.baseUrl, 'POST', paths.authUser, { body: { username: parent.email, password: parent.password } })).jwtToken;
      const mine = await api<MyNotification[]>(session.baseUrl, 'GET', notificationPaths.mine, { token: parentToken });
      expect(mine.find((row) => row.id === sent!.id)).toMatchObject({ read: true });
      const marks = (await pullAll(session.baseUrl, parentToken)).filter((change) => change.entity === 'notificationReads' && (change.record as { notificationId?: string } | undefined)?.notificationId === sent!.id);
      expect(marks).toHaveLength(1);
      const figures = await api<NotificationWithReads>(session.baseUrl, 'GET', notificationPaths.one(sent!.id), { token: adminToken });
      expect(figures.readCount).toBe(1);
      expect(figures.audienceSize).toBeGreaterThan(0);

      // The demo parent's children are in IV B: neither `mine` nor the pull nor the page has it.
      const otherToken = await tokenOf(session.baseUrl, demoUsername('parent'));
      const theirs = await api<MyNotification[]>(session.baseUrl, 'GET', notificationPaths.mine, { token: otherToken });
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.some((row) => row.id === sent!.id)).toBe(false);
      const { page: other } = await session.signedIn(demoUsername('parent'));
      await other.goto('/student/notifications');
      await other.getByRole('heading', { level: 1, name: notificationTitles.notifications }).waitFor();
      await other.locator('.nt-card').first().waitFor();
      expect(await other.getByRole('heading', { name: title, exact: true }).count()).toBe(0);
    },
    slow,
  );
});
