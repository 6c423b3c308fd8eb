/**
 * The first sync tells the truth and loses nothing, in Chromium against the production build
 * (docs/sync-engine.md "First sync", docs/sync-server.md "Conflicts"):
 * - a fresh browser whose first pull is held back shows, on the teacher's dashboard and on a sheet
 *   the school has already marked, what has arrived and what is left, never "No classes are
 *   assigned to you yet" nor an unmarked sheet to edit; once the pull is through, the sheet shows
 *   the school's marks and a mark she changes reaches the school;
 * - a teacher's device that did not see the school's marks of a day (offline since before) marks
 *   one student and saves: the untouched students take the school's marks without a word, the one
 *   she chose shows both marks on its row, and she chooses hers, which the school then keeps.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { en } from '../support/english';
import { dashboardTexts } from '../../src/features/admin/dashboard/texts';
import { attendanceTexts } from '../../src/features/attendance/texts';
import { firstSyncTexts } from '../../src/kit/first-sync-texts';
import { useBrowser } from './support/browser';
import {
  api,
  apiRequestsInFlight,
  demoClass,
  mark,
  saveSheet,
  serverSheet,
  sheetRow,
  sheetState,
  sheetStudentIds,
  signInAs,
  syncStatus,
  teacher,
  waitForSynced,
  waitUntil,
} from './support/offline';

const session = useBrowser();
const slow = 240_000;

/** The school marks the sheet first (the admin, through the API): the second student absent, the rest present. */
async function schoolMarks(adminToken: string, classId: string, date: string): Promise<string[]> {
  const sheet = await serverSheet(session.baseUrl, adminToken, classId, date);
  const ids = sheet.students.map((student) => student.studentId);
  await api(session.baseUrl, 'POST', paths.attendance.markSheet, {
    token: adminToken,
    body: { classId, date, entries: ids.map((studentId, index) => ({ studentId, status: index === 1 ? 'absent' : 'present' })) },
  });
  return ids;
}

const checked = (index: number, status: keyof typeof en.attendanceStatus) =>
  (page: Parameters<typeof sheetRow>[0]) => sheetRow(page, index).getByRole('radio', { name: en.attendanceStatus[status], exact: true }).isChecked();

describe('the first sync', () => {
  it(
    'shows what has arrived instead of claims while the pull is held back; then the marked sheet, and her mark reaches the school',
    async () => {
      const { klass, adminToken } = await demoClass(session.baseUrl, 0);
      const date = '2026-08-04';
      const ids = await schoolMarks(adminToken, klass.id, date);

      const context = await session.newContext({ width: 360, height: 740 });
      // The first page of the pull comes through; the rest waits until the test lets it go.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let pulls = 0;
      await context.route(`**${paths.sync.pull}**`, async (route: Route) => {
        pulls += 1;
        if (pulls > 1) await held;
        await route.continue().catch(() => undefined);
      });
      const page = await context.newPage();
      await signInAs(page, teacher);

      // Her dashboard: the wait and its progress, not "No classes are assigned to you yet".
      const wait = page.getByRole('heading', { name: firstSyncTexts.heading, exact: true });
      await wait.waitFor({ timeout: 60_000 });
      await page.locator('.first-sync-total', { hasText: /records in all · 1 page received$/ }).waitFor();
      expect(await page.getByText(dashboardTexts.teacher.noClasses).count()).toBe(0);
      expect(await page.getByText(dashboardTexts.attendance.allMarked).count()).toBe(0);

      // The sheet the school marked: not offered for editing, and never "not marked yet".
      await page.goto(`/admin/mark-attendance?classId=${klass.id}&date=${date}`);
      await wait.waitFor();
      expect(await page.locator('.first-sync-lines li', { hasText: /^Attendance marks: [\d,]+ of [\d,]+$/ }).count()).toBe(1);
      expect(await page.locator('li.mark-row').count()).toBe(0);
      expect(await page.getByRole('radio').count()).toBe(0);
      expect(await page.getByText(attendanceTexts.sheet.unmarked).count()).toBe(0);

      release();
      await sheetRow(page, 0).waitFor({ timeout: 150_000 });
      await sheetState(page, 'synced');
      expect(await sheetStudentIds(page)).toEqual(ids);
      expect(await checked(1, 'absent')(page)).toBe(true);
      expect(await checked(0, 'present')(page)).toBe(true);

      // She marks the first student absent: the school keeps her mark. Online, the sheet may be
      // pending too briefly to be seen (saveSheet waits for it), so the school's copy is watched.
      await mark(page, 0, 'absent');
      await page.locator('button.att-save').click();
      const schoolStatuses = async () => (await serverSheet(session.baseUrl, adminToken, klass.id, date)).students.map((student) => student.record?.status);
      await expect.poll(schoolStatuses, { timeout: 60_000, interval: 250 }).toEqual(ids.map((_, index) => (index <= 1 ? 'absent' : 'present')));
      await sheetState(page, 'synced', 60_000);
      expect(await syncStatus(page).getByText(/changed elsewhere/).count()).toBe(0);
    },
    slow,
  );

  it(
    'a mark she chose meets the school\'s on its row, with both, and she chooses; the marks she did not touch take the school\'s',
    async () => {
      const { klass, adminToken } = await demoClass(session.baseUrl, 0);
      const date = '2026-08-05';
      const context = await session.newContext({ width: 360, height: 740 });
      const inFlight = apiRequestsInFlight(context);
      const page = await context.newPage();
      await signInAs(page, teacher);
      await waitForSynced(page);
      await page.goto(`/admin/mark-attendance?classId=${klass.id}&date=${date}`);
      await sheetState(page, 'unmarked');

      // Offline since before the school marked the day: her device still shows it unmarked.
      await context.setOffline(true);
      await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
      // A pull already on its way would still bring the school's marks if the server read them first.
      await waitUntil(async () => inFlight(), (count) => count === 0);
      const ids = await schoolMarks(adminToken, klass.id, date);
      await mark(page, 0, 'absent');
      await saveSheet(page);
      expect(await checked(1, 'absent')(page)).toBe(false);

      await context.setOffline(false);
      const both = sheetRow(page, 0).getByRole('group', { name: attendanceTexts.sheet.both({ name: await sheetRow(page, 0).locator('.mark-name').innerText() }), exact: true });
      await both.waitFor({ timeout: 60_000 });
      expect(await both.getByText(attendanceTexts.sheet.school({ status: en.attendanceStatus.present }), { exact: true }).count()).toBe(1);
      expect(await both.getByText(attendanceTexts.sheet.yours({ status: en.attendanceStatus.absent }), { exact: true }).count()).toBe(1);
      await page.locator('.sheet-status', { hasText: attendanceTexts.sheet.chooseState({ count: 1 }) }).waitFor();
      // Only the mark she touched takes part: the others show the school's, with nothing to choose.
      expect(await page.locator('.mark-both').count()).toBe(1);
      expect(await checked(1, 'absent')(page)).toBe(true);
      expect(await checked(0, 'present')(page)).toBe(true);

      await both.getByRole('button', { name: attendanceTexts.sheet.keepYours({ status: en.attendanceStatus.absent }), exact: true }).click();
      await sheetState(page, 'synced', 60_000);
      expect(await page.locator('.mark-both').count()).toBe(0);
      expect(await checked(0, 'absent')(page)).toBe(true);
      const stored = await waitUntil(
        () => serverSheet(session.baseUrl, adminToken, klass.id, date),
        (sheet) => sheet.students[0]?.record?.status === 'absent',
      );
      expect(stored.students.map((student) => student.record?.status)).toEqual(ids.map((_, index) => (index <= 1 ? 'absent' : 'present')));
      expect(await syncStatus(page).getByText(/changed elsewhere/).count()).toBe(0);
    },
    slow,
  );
});
