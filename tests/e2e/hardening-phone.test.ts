/**
 * What people saw on their phones, in Chromium against the production build: the
 * installed app opens in the user's area, list pages never scroll sideways at 360 px, the admission
 * form lists classes in the school's order, a toast never covers the sync indicator, and the
 * install prompt never covers a page's bottom bar.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { compareClasses } from '../../contract/class-order';
import { schoolTodayIso } from '../../contract/record-formats';
import { messages } from '../../contract/messages';
import { recordsTexts } from '../../src/features/records/texts';
import { pwaTexts } from '../../src/pwa/texts';
import { subjectsTexts } from '../../src/features/subjects/texts';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { greenvalley } from './support/demo';
import { pathOf, waitForPath } from './support/flows';
import { admin, classesOf, syncStatus, tokenOf } from './support/offline';

const session = useBrowser();
const slow = 120_000;
const phone = { width: 360, height: 740 };

/** The page's own horizontal extent (what a sideways swipe would scroll), and what sticks out. */
async function pageWidth(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: scroller.scrollWidth, wide };
  });
}

describe('installed app start page', () => {
  it(
    'the manifest’s start_url opens a signed-in admin on /admin, a new visitor on /school-selection',
    async () => {
      const manifest = (await (await fetch(`${session.baseUrl}/manifest.webmanifest`)).json()) as { start_url: string };
      const startUrl = new URL(manifest.start_url, session.baseUrl);
      expect(startUrl.pathname).not.toBe('/');

      const { context: context, page: first } = await session.signedIn(admin);
      await waitForPath(first, '/admin');
      // Launching the installed app: a new window of the same profile, no tab state of its own.
      const launched = await context.newPage();
      await launched.goto(startUrl.href);
      await waitForPath(launched, '/admin');
      await launched.getByRole('heading', { level: 1, name: en.dashboard.adminTitle, exact: true }).waitFor();

      const stranger = await session.newPage();
      await stranger.goto(startUrl.href);
      await waitForPath(stranger, '/school-selection');
      expect(pathOf(stranger)).toBe('/school-selection');
    },
    slow,
  );
});

describe('phone width (360 px)', () => {
  it(
    'no list page scrolls sideways; the admission form lists classes in the school’s order',
    async () => {
      const { page } = await session.signedIn(admin, phone);
      const measured: Record<string, number> = {};
      for (const path of ['/admin/records', '/admin/students', '/admin/teachers', '/admin/classes', '/admin/subjects']) {
        await page.goto(path);
        await page.locator('table tbody tr').first().waitFor();
        const { scrollWidth, wide } = await pageWidth(page);
        measured[path] = scrollWidth;
        expect(scrollWidth, `${path}: ${wide.join(', ')}`).toBeLessThanOrEqual(phone.width);
      }
      console.info('scrollWidth at 360 px', measured);

      await page.goto('/admin/records/newadmission');
      const select = page.getByLabel(recordsTexts.form.class, { exact: true });
      await select.locator('option').nth(1).waitFor({ state: 'attached' });
      const shown = (await select.locator('option').allInnerTexts()).slice(1);
      const classes = await classesOf(session.baseUrl, await tokenOf(session.baseUrl, admin));
      const expected = [...classes].sort(compareClasses).map((row) => `${row.className} ${row.classSection}`.trim());
      expect(shown.map((label) => label.trim())).toEqual(expected);
      const { scrollWidth } = await pageWidth(page);
      expect(scrollWidth).toBeLessThanOrEqual(phone.width);
    },
    slow,
  );

  it(
    'the sync indicator is whole inside the screen and a toast never covers it',
    async () => {
      const { page } = await session.signedIn(admin, phone);
      await page.goto('/admin/subjects');
      const indicator = page.locator('.sync-bar');
      await syncStatus(page).waitFor();
      await page.locator('table tbody tr').first().waitFor();

      await page.getByRole('button', { name: subjectsTexts.add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(subjectsTexts.subjectName, { exact: true }).fill(`Phone test ${Date.now().toString(36)}`);
      await dialog.getByRole('button', { name: subjectsTexts.save, exact: true }).click();
      const toast = page.locator('[data-sonner-toast]', { hasText: messages.subjects.added });
      await toast.waitFor();

      const bar = await indicator.boundingBox();
      const shown = await toast.boundingBox();
      if (!bar || !shown) throw new Error('indicator or toast not laid out');
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.y).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(phone.width);
      expect(bar.y + bar.height).toBeLessThanOrEqual(phone.height);
      const overlaps =
        bar.x < shown.x + shown.width && shown.x < bar.x + bar.width && bar.y < shown.y + shown.height && shown.y < bar.y + bar.height;
      expect(overlaps, `indicator ${JSON.stringify(bar)} toast ${JSON.stringify(shown)}`).toBe(false);
      // No part of the indicator is cut off: no text clipped, the Details button inside the bar.
      const clipped = await indicator.evaluate((bar) =>
        Array.from(bar.querySelectorAll<HTMLElement>('.sync-status, .sync-last'))
          .filter((part) => part.scrollWidth > part.clientWidth + 0.5)
          .map((part) => part.className),
      );
      expect(clipped).toEqual([]);
      const details = await indicator.locator('.sync-details').boundingBox();
      if (!details) throw new Error('no Details button');
      expect(details.x + details.width).toBeLessThanOrEqual(bar.x + bar.width);
    },
    slow,
  );
});

/** The two boxes share some of the screen. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the install prompt on a phone', () => {
  it(
    'stands above the marking sheet’s save bar and the school list’s sign-in button instead of over them',
    async () => {
      // A browser profile on disk, as on a phone: Chromium offers the installation there (never in a private window).
      const { page } = await session.signedIn(admin, { ...phone, offersInstall: true });
      const [klass] = await classesOf(session.baseUrl, await tokenOf(session.baseUrl, admin));
      await page.goto(`/admin/mark-attendance?classId=${klass!.id}&date=${schoolTodayIso()}`);
      await page.locator('li.mark-row').first().waitFor();
      const prompt = page.getByRole('complementary', { name: pwaTexts.regionLabel, exact: true });
      await prompt.getByText(pwaTexts.installTitle).waitFor();

      const covered = async (bar: string) => {
        const [card, under] = await Promise.all([prompt.boundingBox(), page.locator(bar).boundingBox()]);
        if (!card || !under) throw new Error(`${bar} or the prompt not laid out`);
        return overlap(card, under) ? `${bar} ${JSON.stringify(under)} under the prompt ${JSON.stringify(card)}` : '';
      };
      expect(await covered('.att-savebar')).toBe('');
      await page.locator('button.att-save').click({ trial: true, timeout: 5_000 });

      await page.goto('/school-selection');
      await page.getByRole('radio', { name: greenvalley.schoolName, exact: true }).check();
      await prompt.getByText(pwaTexts.installTitle).waitFor();
      expect(await covered('.school-actionbar')).toBe('');
      await page.getByRole('button', { name: en.schoolSelection.signInTo({ school: greenvalley.schoolName }), exact: true }).click({ trial: true, timeout: 5_000 });
    },
    slow,
  );
});
