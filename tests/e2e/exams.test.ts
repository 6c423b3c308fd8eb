/**
 * Exams in Chromium against the production build and the real server: the demo
 * teacher types II B's Mathematics marks of a new exam on /admin/exams while offline (Enter to the
 * next student) and they reach the school once back online; the admin publishes the class; the
 * class's report cards on /admin/reportcards print as one A4 page per student (Chromium's print to
 * PDF); the demo parent reads the published Unit Test 1 result on /student/results offline.
 */
import { describe, expect, it } from 'vitest';
import { academicYearLabel, academicYearOf } from '../../contract/admission';
import type { Exam, Mark } from '../../contract/exams';
import { paths } from '../../contract/paths';
import { todayIso } from '../../contract/record-formats';
import type { Subject } from '../../contract/subject';
import { examTexts as text } from '../../src/features/exams/texts';
import { examTitles } from '../../src/features/exams/texts';
import { syncTexts } from '../../src/sync-binding/texts';
import { useBrowser } from './support/browser';
import { demoUsername } from './support/demo';
import { admin, api, classesOf, setPrintLanguage, syncStatus, teacher, tokenOf, waitForNothingWaiting, waitUntil } from './support/offline';
import { studentsOf, uniqueName } from './support/records';
import { examPaths, markPaths, resultPaths } from '../../contract/exams';

const session = useBrowser();
const slow = 480_000;

describe('exams', () => {
  it(
    'a teacher enters a class’s marks offline; the admin publishes; its report cards print one page each; a parent reads a result offline',
    async () => {
      const adminToken = await tokenOf(session.baseUrl, admin);
      const iiB = (await classesOf(session.baseUrl, adminToken)).find((row) => row.className === 'II' && row.classSection === 'B')!;
      const maths = (await api<Subject[]>(session.baseUrl, 'GET', paths.subjects.all, { token: adminToken })).find((row) => row.subjectName === 'Mathematics')!;
      const students = (await studentsOf(session.baseUrl, adminToken)).filter((row) => row.classId === iiB.id);
      expect(students.length).toBeGreaterThan(5);
      const exam = await api<Exam>(session.baseUrl, 'POST', examPaths.create, {
        token: adminToken,
        body: {
          name: uniqueName('Class test '),
          term: 'Term 1',
          academicYear: academicYearLabel(academicYearOf(todayIso())),
          weight: 5,
          classIds: [iiB.id],
          schedule: [{ classId: iiB.id, subjectId: maths.id, date: todayIso(), startTime: '10:00', durationMinutes: 40, maxMarks: 25, passMarks: 9 }],
        },
      });

      // The teacher (Mathematics in II B) types the grid offline, Enter after each student.
      const { context: teacherContext, page: teacherPage } = await session.signedIn(teacher);
      await teacherPage.goto(`/admin/exams?exam=${exam.id}&class=${iiB.id}&subject=${maths.id}`);
      const cells = teacherPage.locator('input.ex-cell');
      await waitUntil(() => cells.count(), (count) => count === students.length, 60_000);
      await teacherContext.setOffline(true);
      for (let index = 0; index < students.length; index += 1) {
        await cells.nth(index).fill(index === 0 ? 'AB' : String(10 + (index % 15)));
        await cells.nth(index).press('Enter');
      }
      await teacherPage.getByText(text.grid.filled({ done: students.length, of: students.length }), { exact: true }).waitFor();
      await syncStatus(teacherPage).getByText(syncTexts.pending({ count: 1 }), { exact: true }).waitFor();
      await teacherContext.setOffline(false);
      await waitForNothingWaiting(teacherPage, 60_000);
      const stored = await api<Mark[]>(session.baseUrl, 'GET', `${markPaths.sheet}?examId=${exam.id}&classId=${iiB.id}&subjectId=${maths.id}`, { token: adminToken });
      expect(stored).toHaveLength(students.length);
      expect(stored.filter((cell) => cell.absent)).toHaveLength(1);

      // A cell typed and the page reloaded at once (no pause, no Enter, no leaving the cell) still
      // reaches the school: the page's hide sends what the grid holds.
      await cells.nth(0).fill('24');
      await teacherPage.reload();
      await teacherPage.locator('input.ex-cell').first().waitFor();
      await waitUntil(
        () => api<Mark[]>(session.baseUrl, 'GET', `${markPaths.sheet}?examId=${exam.id}&classId=${iiB.id}&subjectId=${maths.id}`, { token: adminToken }),
        (cellsNow) => cellsNow.find((cell) => cell.studentId === stored.find((one) => one.absent)?.studentId)?.marks === 24,
        60_000,
      );

      // The admin sees the class complete and publishes it on /admin/exams; the class's report
      // cards then print as one page per student.
      const { page: adminPage } = await session.signedIn(admin);
      await adminPage.goto(`/admin/exams?exam=${exam.id}&class=${iiB.id}`);
      const mathsRow = adminPage.getByRole('row', { name: new RegExp(`^${maths.subjectName}`) });
      await mathsRow.getByRole('cell', { name: text.progress.complete, exact: true }).waitFor();
      await adminPage.getByRole('button', { name: text.progress.publishLabel({ className: 'II B' }) }).click();
      await adminPage.getByText(new RegExp(`^${text.progress.published({ date: '' })}\\d\\d/\\d\\d/\\d{4}$`)).waitFor({ timeout: 60_000 });
      await waitForNothingWaiting(adminPage, 60_000);
      // The school computed the class's results from the publish the screen queued.
      await waitUntil(
        () => api<{ studentId: string }[]>(session.baseUrl, 'GET', `${resultPaths.all}?examId=${exam.id}&classId=${iiB.id}`, { token: adminToken }),
        (results) => results.length === students.length,
        60_000,
      );
      await adminPage.goto(`/admin/reportcards?exam=${exam.id}&class=${iiB.id}`);
      await waitUntil(() => adminPage.locator('.rc-page').count(), (count) => count === students.length, 60_000);
      // As one waits before printing: the cards as the mirror holds them once the pull in progress is in
      // (a card printed mid-update once spilled onto a 17th page).
      await waitForNothingWaiting(adminPage, 60_000);
      let shown = '';
      await waitUntil(
        async () => {
          const now = await adminPage.locator('.rc-pages').innerHTML();
          const same = now === shown;
          shown = now;
          return same;
        },
        Boolean,
        30_000,
      );
      await adminPage.evaluate(() => document.fonts.ready);
      const pdf = (await adminPage.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length).toBe(students.length);

      // The school prints in Marathi: the same cards, the screen still English, still one A4 page each.
      await setPrintLanguage(session.baseUrl, adminToken, 'mr');
      try {
        await adminPage.reload();
        await waitUntil(() => adminPage.locator('.rc-page[lang="mr"]').count(), (count) => count === students.length, 60_000);
        await adminPage.evaluate(() => document.fonts.ready);
        expect(await adminPage.locator('html').getAttribute('lang')).toBe('en');
        const marathi = (await adminPage.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
        expect(marathi.match(/\/Type\s*\/Page(?![s\w])/g)?.length).toBe(students.length);
      } finally {
        await setPrintLanguage(session.baseUrl, adminToken, 'en');
      }

      // The demo parent reads the published Unit Test 1 result, then again offline after a reload.
      const { context: parentContext, page: parentPage } = await session.signedIn(demoUsername('parent'));
      await parentPage.goto('/student/results');
      await parentPage.getByRole('heading', { level: 1, name: examTitles.results }).waitFor();
      await parentPage.getByRole('heading', { level: 2, name: 'Unit Test 1', exact: true }).waitFor();
      await parentContext.setOffline(true);
      await parentPage.reload();
      await parentPage.getByRole('heading', { level: 2, name: 'Unit Test 1', exact: true }).waitFor();
      expect(await parentPage.locator('.rc-page').count()).toBe(1);
    },
    slow,
  );
});
