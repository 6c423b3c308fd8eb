/**
 * The year turned over in Chromium against the production build and a server of this file's own
 * (over a copy of the run's seeded demo database: the turnover changes the school for good, and the
 * worker's shared server goes on to other files): the demo admin, on a 360 px phone, reads the dry
 * run of 2027-28, keeps one student back, starts the year, and the screen switches to 2027-28
 * without a reload; the demo parent chooses last year on the results screen and finds its
 * report card, and sees this year's class on the dashboard and each year's class on the profile; the demo teacher's sheet for her class
 * lists the students who moved up into it.
 */
import { describe, expect, it } from 'vitest';
import { feePaths, type FeeReceipt } from '../../contract/fees';
import { paths } from '../../contract/paths';
import { yearPaths, type RolloverPreview } from '../../contract/years';
import { yearTexts as text } from '../../src/features/year/texts';
import { examTitles } from '../../src/features/exams/texts';
import { recordsKitTexts } from '../../src/kit/texts';
import { profileTexts } from '../../src/features/profile/texts';
import { demoUsername } from './support/demo';
import { admin, api, openSheet, signInAs, tokenOf, waitForSynced, waitUntil } from './support/offline';
import { layoutReport, settle } from './support/phone-layout';
import { ownServerWithPhones } from './support/own-server';

const slow = 480_000;
const firstPull = 150_000;
const { baseUrl: ownBaseUrl, phone } = ownServerWithPhones();

interface SchoolClass {
  id: string;
  className: string;
  classSection: string;
}

describe('the year turns over', () => {
  it(
    'an admin starts 2027-28 on a phone; the parent reads last year’s report card and the new class; the teacher’s sheet has her new students',
    async () => {
      const baseUrl = ownBaseUrl();
      const adminToken = await tokenOf(baseUrl, admin);
      const classes = await api<SchoolClass[]>(baseUrl, 'GET', paths.classes.all, { token: adminToken });
      const teachersClass = classes.find((one) => one.className === 'II' && one.classSection === 'A')!;
      const plan = await api<RolloverPreview>(baseUrl, 'POST', yearPaths.preview, { token: adminToken, body: { toYear: 2027 } });
      const movingUp = plan.students.filter((one) => one.toClassId === teachersClass.id && one.fromClassId !== teachersClass.id);
      expect(movingUp.length).toBeGreaterThan(1);
      // The one the admin keeps back: the first of class I A, who would otherwise move up into II A.
      const keptBack = movingUp[0]!;
      const counts = (outcome: string, extra = 0) => plan.students.filter((one) => one.outcome === outcome).length + extra;

      const adminPage = await (await phone()).newPage();
      await signInAs(adminPage, admin);
      await waitForSynced(adminPage, firstPull);
      await adminPage.goto('/admin/year');
      await adminPage.getByRole('heading', { name: text.current({ year: '2026-27' }) }).waitFor();
      expect(await adminPage.getByText(text.pastLine({ year: '2025-26' })).count()).toBe(1);
      await adminPage.getByRole('button', { name: text.prepare, exact: true }).click();
      const summary = adminPage.locator('.year-summary li').first();
      await summary.filter({ hasText: text.summary({ promoted: counts('promoted'), detained: counts('detained'), leaving: counts('leaving') }) }).waitFor();
      const fromLabel = classes.find((one) => one.id === keptBack.fromClassId)!;
      await adminPage.locator('.year-class summary', { hasText: new RegExp(`^${fromLabel.className} ${fromLabel.classSection}:`) }).click();
      await adminPage.getByLabel(text.outcomeOf({ name: keptBack.name }), { exact: true }).selectOption('detained');
      await summary.filter({ hasText: text.summary({ promoted: counts('promoted', -1), detained: counts('detained', 1), leaving: counts('leaving') }) }).waitFor();
      await settle(adminPage);
      const layout = await layoutReport(adminPage);
      // As the phone sweep judges a page: no sideways scroll, no control covered or on another.
      expect(layout.scrollWidth, layout.wide.join('; ')).toBeLessThanOrEqual(360);
      expect(layout.covered).toEqual([]);
      expect(layout.overlapping).toEqual([]);

      await adminPage.getByRole('button', { name: text.start({ year: '2027-28' }), exact: true }).click();
      await adminPage.getByRole('alertdialog').getByRole('button', { name: text.start({ year: '2027-28' }), exact: true }).click();
      await adminPage.getByText('2027-28 has started.').waitFor();
      // The device learns of the new year by its sync: the screen switches without a reload.
      await adminPage.getByRole('heading', { name: text.current({ year: '2027-28' }) }).waitFor({ timeout: 60_000 });
      await adminPage.getByRole('heading', { name: text.undoHeading({ year: '2027-28' }) }).waitFor();

      const stored = await api<{ id: string; classId: string | null }[]>(baseUrl, 'GET', paths.students.all, { token: adminToken });
      const classOf = new Map(stored.map((one) => [one.id, one.classId]));
      expect(classOf.get(keptBack.studentId)).toBe(keptBack.fromClassId);
      const newcomer = movingUp[1]!;
      expect(classOf.get(newcomer.studentId)).toBe(teachersClass.id);

      // The parent: last year's report card by choosing the year, and this year's class on the dashboard.
      const parentPage = await (await phone()).newPage();
      await signInAs(parentPage, demoUsername('parent'));
      await waitForSynced(parentPage, firstPull);
      await parentPage.goto('/student/results');
      await parentPage.getByRole('heading', { name: examTitles.results }).waitFor();
      const year = parentPage.getByLabel(recordsKitTexts.chooseYear, { exact: true });
      await year.waitFor();
      await year.selectOption('2025');
      await parentPage.getByRole('heading', { name: 'Annual Examination' }).first().waitFor();
      const parentToken = await tokenOf(baseUrl, demoUsername('parent'));
      // The parent's children, from their receipts (a family reads its own only); their classes as the school has them now.
      const theirs = new Set((await api<FeeReceipt[]>(baseUrl, 'GET', feePaths.all, { token: parentToken })).map((row) => row.studentId));
      const children = stored.filter((one) => theirs.has(one.id));
      // A class the turnover created is not in the list read before it.
      const classesNow = await api<SchoolClass[]>(baseUrl, 'GET', paths.classes.all, { token: adminToken });
      const child = children.find((one) => one.id !== keptBack.studentId && plan.students.some((row) => row.studentId === one.id && row.outcome === 'promoted'))!;
      const nowIn = classesNow.find((one) => one.id === child.classId)!;
      const before = plan.students.find((one) => one.studentId === child.id)!;
      expect(nowIn.id).not.toBe(before.fromClassId);
      await parentPage.goto('/student');
      await parentPage.locator('.glance-count', { hasText: ` · ${nowIn.className} ${nowIn.classSection}` }).first().waitFor();
      // Their profile lists each child's class in each year, this year's first.
      const was = classes.find((one) => one.id === before.fromClassId)!;
      await parentPage.goto('/student/profile');
      await parentPage.getByText(profileTexts.thisYear({ year: '2027-28', className: `${nowIn.className} ${nowIn.classSection}` }), { exact: true }).waitFor();
      const pastLine = profileTexts.pastYear({ year: '2026-27', className: `${was.className} ${was.classSection}`, outcome: 'promoted' });
      await parentPage.getByText(pastLine, { exact: true }).waitFor();

      // The teacher's sheet of her class on the new year's first school day lists a student who moved
      // up into it (today belongs to 2026-27, now closed: its sheet lists that year's students).
      const teacherPage = await (await phone()).newPage();
      await signInAs(teacherPage, demoUsername('teacher'));
      await waitForSynced(teacherPage, firstPull);
      await openSheet(teacherPage, teachersClass.id, '2027-04-05');
      await waitUntil(
        () => teacherPage.getByText(newcomer.name, { exact: true }).count(),
        (found) => found > 0,
        60_000,
      );
    },
    slow,
  );
});
