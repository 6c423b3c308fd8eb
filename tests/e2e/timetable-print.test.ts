/**
 * Printing the timetable in Chromium ("a class's week and a teacher's week on one A4
 * landscape page"): the demo admin of the larger school (riverside) prints, from the print
 * stylesheet, the week of its busiest class (the most text in its cells), the week of the teacher
 * with the most periods and the demo teacher's week; each is exactly one page of A4 landscape
 * (842 x 595 pt) with all six days and every period of the week; the month's staff register prints on
 * A4 landscape pages only.
 */
import { describe, expect, it } from 'vitest';
import type { ClassSubject } from '../../contract/class-subject';
import { paths } from '../../contract/paths';
import { todayIso } from '../../contract/record-formats';
import type { Period, TimetableEntry } from '../../contract/timetable';
import { useBrowser } from './support/browser';
import { riverside } from './support/demo';
import { admin, api, signInAs, teacher, tokenOf, waitForServiceWorker, waitForSynced } from './support/offline';
import type { Page } from 'playwright-core';
import { timetablePaths } from '../../contract/timetable';

const session = useBrowser();
const slow = 300_000;
const firstPull = 150_000;

/** The pages of a PDF and each page's size in points (width x height). */
function pagesOf(pdf: Buffer): { count: number; sizes: [number, number][] } {
  const text = pdf.toString('latin1');
  const count = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  const sizes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((match) => [Number(match[1]), Number(match[2])] as [number, number]);
  return { count, sizes };
}

async function printedWeek(page: Page, query: string, owner: string, teachingPeriods: number) {
  await page.goto(`/admin/timetable?${query}`);
  const week = page.locator('table.tt-week');
  await week.locator('caption', { hasText: owner }).waitFor();
  await page.emulateMedia({ media: 'print' });
  // In print the week is the table (never the phone's day list), all six days, every period.
  expect(await week.isVisible()).toBe(true);
  expect(await week.locator('thead th').allTextContents()).toEqual(['Period', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  expect(await week.locator('td[data-kind="teaching"]').count()).toBe(teachingPeriods);
  expect(await week.locator('td[data-kind="teaching"]:not([data-free])').count()).toBeGreaterThan(0);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pagesOf(pdf);
}

describe('timetable print', () => {
  it(
    'prints the busiest class’s week, the busiest teacher’s and the demo teacher’s each on one A4 landscape page',
    async () => {
      const token = await tokenOf(session.baseUrl, admin, riverside);
      const call = <T>(path: string) => api<T>(session.baseUrl, 'GET', path, { token, tenant: riverside.tenantId });
      const periods = await call<Period[]>(timetablePaths.periods);
      const teaching = periods.filter((period) => period.kind === 'teaching').length;
      const entries = await call<TimetableEntry[]>(timetablePaths.all);
      const mapping = await call<ClassSubject[]>(paths.classSubjects.all);
      const textOf = (entry: TimetableEntry) => {
        const row = mapping.find((one) => one.classId === entry.classId && one.subjectId === entry.subjectId);
        return `${row?.subjectName ?? ''}${row?.teacherName ?? ''}${entry.room ?? ''}`.length;
      };
      const total = (key: 'classId' | 'teacherId') => {
        const sums = new Map<string, { periods: number; text: number }>();
        for (const entry of entries) {
          const id = entry[key];
          if (!id) continue;
          const sum = sums.get(id) ?? { periods: 0, text: 0 };
          sums.set(id, { periods: sum.periods + 1, text: sum.text + textOf(entry) });
        }
        return [...sums].sort(([, a], [, b]) => b.periods - a.periods || b.text - a.text)[0]!;
      };
      const [busiestClass, classWeek] = total('classId');
      const [busiestTeacher, teacherWeek] = total('teacherId');
      const staff = await call<{ id: string; firstName: string; lastName: string | null; emailId: string | null }[]>(paths.teachers.all);
      const nameOf = (id: string) => staff.filter((row) => row.id === id).map((row) => `${row.firstName} ${row.lastName ?? ''}`.trim())[0]!;
      const demoTeacherId = staff.find((row) => row.emailId === teacher)!.id;

      const page = await session.newPage();
      await signInAs(page, admin, riverside);
      await waitForServiceWorker(page);
      await waitForSynced(page, firstPull);

      const className = (await api<{ id: string; className: string; classSection: string }[]>(session.baseUrl, 'GET', paths.classes.all, { token, tenant: riverside.tenantId }))
        .filter((row) => row.id === busiestClass)
        .map((row) => `${row.className} ${row.classSection}`)[0]!;
      const printed = [
        { what: `class ${className} (${classWeek.periods} periods)`, ...(await printedWeek(page, `view=class&classId=${busiestClass}`, className, teaching)) },
        { what: `teacher ${nameOf(busiestTeacher)} (${teacherWeek.periods} periods)`, ...(await printedWeek(page, `view=teacher&teacherId=${busiestTeacher}`, nameOf(busiestTeacher), teaching)) },
        { what: `the demo teacher ${nameOf(demoTeacherId)}`, ...(await printedWeek(page, `view=teacher&teacherId=${demoTeacherId}`, nameOf(demoTeacherId), teaching)) },
      ];
      console.info(`printed ${printed.map((one) => `${one.what}: ${one.count} page(s) ${one.sizes.map(([w, h]) => `${w}x${h}`).join(', ')}`).join('; ')}; ${teaching} teaching periods a week`);
      for (const one of printed) {
        expect(one.count, one.what).toBe(1);
        const [width, height] = one.sizes[0]!;
        // A4 landscape: 297 x 210 mm = 841.89 x 595.28 pt.
        expect(Math.abs(width - 841.89), one.what).toBeLessThan(2);
        expect(Math.abs(height - 595.28), one.what).toBeLessThan(2);
      }

      // The staff register of this month (54 people by 30 or 31 days) prints on A4 landscape pages only.
      const [year, month] = todayIso().split('-');
      await page.goto(`/admin/teacher-attendance/monthly/${month}-${year}`);
      await page.locator('.ta-register-page table').first().waitFor();
      await page.emulateMedia({ media: 'print' });
      const register = pagesOf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      await page.emulateMedia({ media: 'screen' });
      console.info(`printed the staff register of ${month}-${year}: ${register.count} page(s) ${register.sizes.map(([w, h]) => `${w}x${h}`).join(', ')}`);
      expect(register.count).toBeGreaterThan(0);
      expect(register.sizes).toHaveLength(register.count);
      for (const [width, height] of register.sizes) {
        expect(Math.abs(width - 841.89)).toBeLessThan(2);
        expect(Math.abs(height - 595.28)).toBeLessThan(2);
      }
    },
    slow,
  );
});
