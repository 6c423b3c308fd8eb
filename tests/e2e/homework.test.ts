/**
 * Homework in Chromium against the production build and the real server: the demo
 * teacher gives homework with a PDF to II B, a class she teaches Mathematics in, offline, and
 * leaves the homework screens (a reload onto her dashboard) before the connection returns: the
 * file reaches the school from there, once; the parent of a
 * II B student (an account made for this test and approved by the admin through the API) opens
 * /student/homework and the attachment, goes offline, reloads, and still sees both, ticks it done
 * offline (the mark reaches the school once back online); the demo
 * parent, whose children are in IV B, never sees it.
 */
import { describe, expect, it } from 'vitest';
import type { PendingAccount } from '../../contract/auth';
import type { Homework } from '../../contract/homework';
import { paths } from '../../contract/paths';
import { roleCodes } from '../../contract/roles';
import type { PullResponse } from '../../contract/sync';
import { onePagePdf } from '../../server/seed/homework-files';
import { homeworkTexts as text } from '../../src/features/homework/texts';
import { homeworkTitles } from '../../src/features/homework/texts';
import { syncTexts } from '../../src/sync-binding/texts';
import { useBrowser } from './support/browser';
import { demoUsername, greenvalley, uniqueEmail } from './support/demo';
import { signInAt } from './support/flows';
import { admin, api, classesOf, syncStatus, teacher, tokenOf, waitForNothingWaiting, waitForServiceWorker, waitForSynced, waitUntil } from './support/offline';
import { studentsOf, uniqueName } from './support/records';
import { homeworkPaths } from '../../contract/homework';

const session = useBrowser();
const slow = 420_000;
/** The demo teacher's first pull is the whole school's term (1,040 homework); slower on a loaded machine. */
const firstPull = 150_000;

/** A parent account for `studentId`: registered, then approved by the admin with that child. */
async function parentOf(baseUrl: string, adminToken: string, studentId: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('hw-parent');
  const password = 'Homework-2026';
  await api(baseUrl, 'POST', paths.register, { body: { username: email, password, role: { id: roleCodes.parent } } });
  const pending = await api<PendingAccount[]>(baseUrl, 'GET', paths.accounts.pending, { token: adminToken });
  const account = pending.find((row) => row.username === email);
  if (!account) throw new Error(`no pending account ${email}`);
  // Registered here without its mailed code: the admin approves it knowingly (the second step).
  await api(baseUrl, 'POST', paths.accounts.approve(account.id), { token: adminToken, body: { childStudentIds: [studentId], unconfirmed: true } });
  return { email, password };
}

describe('homework', () => {
  it(
    'a teacher gives homework with a PDF; the class’s parent reads it and its file offline; another class’s parent never sees it',
    async () => {
      const adminToken = await tokenOf(session.baseUrl, admin);
      const classes = await classesOf(session.baseUrl, adminToken);
      const iiB = classes.find((row) => row.className === 'II' && row.classSection === 'B')!;
      const child = (await studentsOf(session.baseUrl, adminToken)).find((row) => row.classId === iiB.id)!;
      const parent = await parentOf(session.baseUrl, adminToken, child.id);
      const title = uniqueName('Tables of 9');

      // The teacher gives it, with a one-page PDF, on /admin/homework/add, offline.
      const { context: teacherContext, page: teacherPage } = await session.signedIn(teacher);
      await teacherPage.goto('/admin/homework/add');
      await teacherPage.getByLabel(text.form.className, { exact: true }).selectOption({ label: 'II B' });
      await teacherPage.getByLabel(text.form.subject, { exact: true }).selectOption({ label: 'Mathematics' });
      await teacherPage.getByLabel(text.form.title, { exact: true }).fill(title);
      await teacherPage.getByLabel(text.form.dueDate, { exact: true }).fill('2026-12-31');
      await teacherPage.getByLabel(text.form.attachments, { exact: true }).setInputFiles({
        name: 'tables-of-9.pdf',
        mimeType: 'application/pdf',
        buffer: onePagePdf(['Tables of 9', 'Write 9 x 1 to 9 x 20.']),
      });
      await teacherContext.setOffline(true);
      await teacherPage.getByRole('button', { name: text.form.save, exact: true }).click();
      await teacherPage.waitForURL((url) => url.pathname === '/admin/homework');
      await teacherPage.getByText(text.upload.waiting({ count: 1 }), { exact: true }).waitFor();

      // She leaves the homework screens (a reload onto her dashboard, from the service worker);
      // the connection returns there, and the file follows its homework to the school.
      await teacherPage.goto('/admin');
      await syncStatus(teacherPage).getByText(syncTexts.pending({ count: 1 }), { exact: true }).waitFor();
      await teacherContext.setOffline(false);
      const given = await waitUntil(
        async () => (await api<Homework[]>(session.baseUrl, 'GET', `${homeworkPaths.all}?classId=${iiB.id}`, { token: adminToken })).find((row) => row.title === title),
        (row) => row !== undefined && row.attachments.length === 1,
        60_000,
      );
      expect(new URL(teacherPage.url()).pathname).toBe('/admin');
      await waitForNothingWaiting(teacherPage, 60_000);
      expect(given).toMatchObject({ dueDate: '2026-12-31', attachments: [{ fileName: 'tables-of-9.pdf', contentType: 'application/pdf' }] });

      // The parent of a II B student reads it and opens the file online.
      const context = await session.newContext();
      const page = await context.newPage();
      await signInAt(page, greenvalley.schoolName, parent.email, parent.password);
      await page.waitForURL((url) => url.pathname === '/student');
      await waitForServiceWorker(page);
      await waitForSynced(page, firstPull);
      await page.goto('/student/homework');
      const card = page.locator('.hw-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.waitFor();
      const popup = page.waitForEvent('popup');
      await card.getByRole('button', { name: text.student.openLabel({ name: 'tables-of-9.pdf' }), exact: true }).click();
      expect((await popup).url()).toMatch(/^blob:/);
      await card.getByText(text.student.keptOffline, { exact: true }).waitFor();

      // Offline, after a reload: the homework and its file are still there.
      await context.setOffline(true);
      await page.reload();
      await card.waitFor();
      await card.getByText(text.student.keptOffline, { exact: true }).waitFor();
      const offlinePopup = page.waitForEvent('popup');
      await card.getByRole('button', { name: text.student.openLabel({ name: 'tables-of-9.pdf' }), exact: true }).click();
      expect((await offlinePopup).url()).toMatch(/^blob:/);
      expect(await card.getByRole('alert').count()).toBe(0);

      // Ticked done offline: it waits on the device and reaches the school once online.
      await card.getByRole('checkbox', { name: text.student.markDone({ title }), exact: true }).check();
      await syncStatus(page).getByText(syncTexts.pending({ count: 1 }), { exact: true }).waitFor();
      await context.setOffline(false);
      await waitForNothingWaiting(page, 60_000);
      const parentToken = (await api<{ jwtToken: string }>(session.baseUrl, 'POST', paths.authUser, { body: { username: parent.email, password: parent.password } })).jwtToken;
      // Every page of the parent's pull (the school's other modules fill more than one).
      const marks: PullResponse['changes'] = [];
      for (let cursor = '', more = true; more; ) {
        const pulled = await api<PullResponse>(session.baseUrl, 'GET', `${paths.sync.pull}?cursor=${encodeURIComponent(cursor)}&limit=1000`, { token: parentToken });
        marks.push(...pulled.changes.filter((change) => change.entity === 'homeworkDone' && (change.record as { homeworkId?: string } | undefined)?.homeworkId === given!.id));
        cursor = pulled.cursor;
        more = pulled.hasMore;
      }
      expect(marks.map((change) => change.record)).toMatchObject([{ studentId: child.id, done: true }]);

      // The demo parent's children are in IV B: neither the pull nor the API gives them this homework.
      const otherToken = await tokenOf(session.baseUrl, demoUsername('parent'));
      await expect(api(session.baseUrl, 'GET', homeworkPaths.one(given!.id), { token: otherToken })).rejects.toThrow(/404/);
      const { page: other } = await session.signedIn(demoUsername('parent'));
      await other.goto('/student/homework');
      await other.getByRole('heading', { level: 1, name: homeworkTitles.homework }).waitFor();
      await other.locator('.hw-card').first().waitFor();
      expect(await other.getByRole('heading', { name: title, exact: true }).count()).toBe(0);
    },
    slow,
  );
});
