/**
 * Homework files without a connection, in Chromium against the production build: the demo
 * student's two most recent homework carry files (docs/demo-data.md). The student, who never opened
 * them, goes offline: each says it is not on this device yet, before and after the tap. The demo
 * parent's device fetches their children's files of the last four weeks on its own: Settings shows
 * them within the space given files, and offline the worksheet opens without ever having been
 * opened (docs/decisions.md "Files kept on the device").
 */
import { describe, expect, it } from 'vitest';
import { en } from '../support/english';
import { homeworkTexts as text } from '../../src/features/homework/texts';
import { useBrowser } from './support/browser';
import { demoUsername } from './support/demo';
import { signInAs, syncStatus, waitForServiceWorker, waitForSynced } from './support/offline';

const session = useBrowser();
const slow = 300_000;

describe('homework files offline', () => {
  it(
    'a file never opened online says "Not on this device yet: open it once online" offline',
    async () => {
      const context = await session.newContext({ width: 360, height: 740 });
      const page = await context.newPage();
      await signInAs(page, demoUsername('student'));
      await waitForServiceWorker(page);
      await waitForSynced(page);
      await page.goto('/student/homework');
      const open = page.getByRole('button', { name: text.student.openLabel({ name: 'Worksheet.pdf' }), exact: true });
      await open.waitFor();
      const item = page.locator('.hw-attachment').filter({ has: open });
      expect(await item.getByText(text.student.notOffline, { exact: true }).count()).toBe(0);

      await context.setOffline(true);
      await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
      await item.getByText(text.student.notOffline, { exact: true }).waitFor();
      await open.click();
      await item.getByRole('alert').getByText(text.student.notOffline, { exact: true }).waitFor();
      expect(text.student.notOffline).toBe('Not on this device yet: open it once online');
    },
    slow,
  );

  it(
    'a parent\'s device keeps the children\'s recent homework files on its own, shown in Settings, and they open offline',
    async () => {
      const { context, page } = await session.signedIn(demoUsername('parent'), { width: 360, height: 740 });
      await page.goto('/settings');
      const files = page.getByRole('region', { name: en.settings.files.heading, exact: true });
      await files.getByText(en.settings.files.family, { exact: true }).waitFor();
      const used = files.locator('.settings-files-used');
      await used.filter({ hasText: /^2 files kept: [\d.]+ (B|KB) of the 50 MB given to files$/ }).waitFor({ timeout: 60_000 }).catch(async (caught: unknown) => {
        throw new Error(`${String(caught)}; the panel said: ${await files.innerText()}`);
      });

      await context.setOffline(true);
      await page.goto('/student/homework');
      const open = page.getByRole('button', { name: text.student.openLabel({ name: 'Worksheet.pdf' }), exact: true });
      await open.waitFor();
      const item = page.locator('.hw-attachment').filter({ has: open });
      await item.getByText(text.student.keptOffline, { exact: true }).waitFor();
      expect(await item.getByText(text.student.notOffline).count()).toBe(0);
      const popup = page.waitForEvent('popup');
      await open.click();
      expect((await popup).url()).toMatch(/^blob:/);
      expect(await item.getByRole('alert').count()).toBe(0);
    },
    slow,
  );
});
