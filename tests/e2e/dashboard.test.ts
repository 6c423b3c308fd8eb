/**
 * The dashboards in Chromium against the production build and the real server: the demo
 * admin signs in on a 360 px phone and /admin shows today's figures of the demo school (every
 * student of an open class counted once, present, absent or not marked), with no sideways scroll;
 * offline after a reload the same figures are there, "as of" the last sync; a class not yet marked
 * opens its sheet with one tap, the last notification's read rate the notifications, a period
 * without a substitute the substitute picker. The demo parent's /student shows a card per child, each line
 * opening that child's screen, offline after a reload too.
 */
import { describe, expect, it } from 'vitest';
import { dashboardTexts as text } from '../../src/features/admin/dashboard/texts';
import { childDayTexts } from '../../src/features/student/dashboard/texts';
import { demoUsername } from './support/demo';
import { useBrowser } from './support/browser';
import { admin, tokenOf } from './support/offline';
import { studentsOf } from './support/records';

const session = useBrowser();
const slow = 420_000;

describe('admin dashboard', () => {
  it(
    'shows today’s figures of the demo school at 360 px, offline after a reload, and opens a class to mark',
    async () => {
      const { context, page } = await session.signedIn(admin, { width: 360, height: 740 });
      await page.goto('/admin');
      const glance = page.getByRole('region', { name: text.todayHeading });
      await glance.getByRole('heading', { name: text.attendance.heading }).waitFor();
      const figure = async (label: string) => Number(await glance.locator('.glance-figure').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').textContent());
      const before = {
        present: await figure(text.attendance.present),
        absent: await figure(text.attendance.absent),
        notMarked: await figure(text.attendance.notMarked),
      };
      const closed = await glance.getByText(/closed today/).count();
      if (closed === 0) {
        const students = await studentsOf(session.baseUrl, await tokenOf(session.baseUrl, admin));
        expect(before.present + before.absent + before.notMarked).toBe(students.filter((row) => row.classId).length);
      }
      expect(await glance.textContent()).toMatch(/As of .*, the last sync/);
      expect(await glance.getByRole('heading', { name: text.fees.heading }).count()).toBe(1);
      const wider = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((element) => !element.closest('.visually-hidden') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`)
          .slice(0, 5),
      );
      expect(wider).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await context.setOffline(true);
      await page.reload();
      await glance.getByRole('heading', { name: text.attendance.heading }).waitFor();
      expect({
        present: await figure(text.attendance.present),
        absent: await figure(text.attendance.absent),
        notMarked: await figure(text.attendance.notMarked),
      }).toEqual(before);

      const chip = glance.locator('.glance-chips a').first();
      if ((await chip.count()) > 0) {
        const href = (await chip.getAttribute('href'))!;
        await chip.click();
        await page.waitForURL((url) => url.pathname === '/admin/mark-attendance');
        expect(new URL(page.url()).searchParams.get('classId')).toBe(new URLSearchParams(href.split('?')[1]).get('classId'));
        await page.locator('li.mark-row').first().waitFor();
      }

      // The last notification's read rate opens the notifications; a period without a substitute opens the picker.
      await page.goto('/admin');
      const notice = glance.locator('[aria-labelledby="glance-notice"] a').first();
      await notice.waitFor();
      await notice.click();
      await page.waitForURL((url) => url.pathname === '/admin/notifications');
      await page.goto('/admin');
      await glance.getByRole('heading', { name: text.attendance.heading }).waitFor();
      const uncovered = glance.locator('[aria-labelledby="glance-uncovered"] a').first();
      if ((await uncovered.count()) > 0) {
        await uncovered.click();
        await page.waitForURL((url) => url.pathname === '/admin/timetable' && url.searchParams.has('substitutes'));
        await page.locator('#substitutes').waitFor();
      }
      await context.setOffline(false);
    },
    slow,
  );

  it(
    'shows the demo parent a card per child at 360 px, offline after a reload, each line opening the child’s screen',
    async () => {
      const { context, page } = await session.signedIn(demoUsername('parent'), { width: 360, height: 740 });
      await page.goto('/student');
      const cards = page.locator('.glance-panel').filter({ has: page.locator('.child-day') });
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      const attendance = cards.first().locator('.child-day > div').first();
      expect(await attendance.locator('dt').textContent()).toBe(childDayTexts.attendance);
      const href = (await attendance.locator('a').getAttribute('href'))!;
      expect(href).toMatch(/^\/student\/attendance\?studentId=/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await context.setOffline(true);
      await page.reload();
      await cards.first().waitFor();
      expect(await cards.count()).toBe(count);
      await attendance.locator('a').click();
      await page.waitForURL((url) => url.pathname === '/student/attendance' && url.search === href.slice(href.indexOf('?')));
      await context.setOffline(false);
    },
    slow,
  );
});
