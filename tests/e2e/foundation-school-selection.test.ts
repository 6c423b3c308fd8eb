/**
 * /school-selection in Chromium (spec section 2): the list of schools, case-insensitive
 * search, the empty result, the sign-in button's label and state, what choosing stores, the back icon.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { greenvalley, riverside } from './support/demo';
import { pathOf, readStorage, waitForPath } from './support/flows';

const session = useBrowser();

async function openSelection(): Promise<Page> {
  const page = await session.newPage();
  await page.goto('/school-selection');
  await page.getByRole('radio').first().waitFor();
  return page;
}

const school = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: en.schoolSelection.searchLabel, exact: true });

describe('school selection', () => {
  it('lists both demo schools, and the sign-in button asks for a school until one is chosen', async () => {
    const page = await openSelection();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain(messages.ui.productName);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.schoolSelection.title);
    for (const { schoolName } of [greenvalley, riverside]) {
      expect(await school(page, schoolName).isVisible()).toBe(true);
      expect(await school(page, schoolName).isChecked()).toBe(false);
    }

    const button = page.getByRole('button', { name: messages.schools.selectToSignIn, exact: true });
    expect(await button.isVisible()).toBe(true);
    expect(await button.isDisabled()).toBe(true);

    await page.getByText(riverside.schoolName, { exact: true }).click();
    expect(await school(page, riverside.schoolName).isChecked()).toBe(true);
    expect(await button.count()).toBe(0);
    const signIn = page.getByRole('button', { name: en.schoolSelection.signInTo({ school: riverside.schoolName }), exact: true });
    expect(await signIn.isEnabled()).toBe(true);

    // Another choice relabels the button.
    await school(page, greenvalley.schoolName).check();
    expect(await page.getByRole('button', { name: en.schoolSelection.signInTo({ school: greenvalley.schoolName }), exact: true }).isEnabled()).toBe(
      true,
    );
    expect(await signIn.count()).toBe(0);
  });

  it('searches case-insensitively and says when nothing matches', async () => {
    const page = await openSelection();
    const search = searchBox(page);

    await search.fill('RIVERSIDE high');
    await school(page, greenvalley.schoolName).waitFor({ state: 'detached' });
    expect(await school(page, riverside.schoolName).isVisible()).toBe(true);

    await search.fill('green VALLEY');
    await school(page, riverside.schoolName).waitFor({ state: 'detached' });
    expect(await school(page, greenvalley.schoolName).isVisible()).toBe(true);

    await search.fill('no such school zzz');
    const empty = page.getByText(messages.schools.noneFound, { exact: true });
    await empty.waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: messages.schools.selectToSignIn, exact: true }).isDisabled()).toBe(true);

    await search.fill('');
    await school(page, riverside.schoolName).waitFor();
    expect(await school(page, greenvalley.schoolName).isVisible()).toBe(true);
    expect(await empty.count()).toBe(0);
  });

  it('stores the chosen school for this tab and opens /login with its name in the heading', async () => {
    const page = await openSelection();
    expect((await readStorage(page)).session).not.toHaveProperty('currentTenantId');

    await school(page, riverside.schoolName).check();
    await page.getByRole('button', { name: en.schoolSelection.signInTo({ school: riverside.schoolName }), exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: riverside.schoolName }), exact: true }).waitFor();

    const { session: stored, local } = await readStorage(page);
    expect(stored.currentTenantId).toBe(riverside.tenantId);
    expect(stored.currentSchoolName).toBe(riverside.schoolName);
    expect(local).not.toHaveProperty('jwtToken');

    // Back on the list, the chosen school is still selected.
    await page.getByRole('link', { name: en.auth.backToSchools, exact: true }).click();
    await waitForPath(page, '/school-selection');
    await school(page, riverside.schoolName).waitFor();
    expect(await school(page, riverside.schoolName).isChecked()).toBe(true);
  });

  it('goes back to /home with the back icon', async () => {
    const page = await openSelection();
    await page.getByRole('link', { name: en.common.back, exact: true }).click();
    await waitForPath(page, '/home');
    expect(pathOf(page)).toBe('/home');
  });

  it('breaks no rule of the Content-Security-Policy (no eval probe) while the list loads and a school is chosen', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto('/school-selection');
    await school(page, riverside.schoolName).check();
    await page.getByRole('button', { name: en.schoolSelection.signInTo({ school: riverside.schoolName }), exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: riverside.schoolName }), exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
