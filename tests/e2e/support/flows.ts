/**
 * User-level steps shared by end-to-end tests: choose a school, sign in, read the browser storage,
 * check the layout. Every step goes through what a user sees (roles, labels, texts).
 */
import type { Page } from 'playwright-core';
import { en } from '../../support/english';

/** The path of the page's current address, e.g. '/login'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the address has this path (and, when given, satisfies `search`). */
export async function waitForPath(page: Page, path: string, search?: (params: URLSearchParams) => boolean): Promise<void> {
  await page.waitForURL((url) => url.pathname === path && (search ? search(url.searchParams) : true));
}

/** /school-selection: waits for the list, picks the school and signs in to it; ends on /login. */
export async function chooseSchool(page: Page, schoolName: string): Promise<void> {
  if (pathOf(page) !== '/school-selection') await page.goto('/school-selection');
  await page.getByRole('radio', { name: schoolName, exact: true }).check();
  await page.getByRole('button', { name: en.schoolSelection.signInTo({ school: schoolName }), exact: true }).click();
  await waitForPath(page, '/login');
  await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: schoolName }), exact: true }).waitFor();
}

/** The /login form's fields and submit button. */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel(en.auth.emailLabel, { exact: true }),
    password: page.getByLabel(en.auth.passwordLabel, { exact: true }),
    submit: page.getByRole('button', { name: en.auth.signIn, exact: true }),
  };
}

/** Fills /login's form and presses its Sign in button (does not wait for the outcome). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Chooses the school, signs in, and waits until the app has left /login. */
export async function signInAt(page: Page, schoolName: string, email: string, password: string): Promise<void> {
  await chooseSchool(page, schoolName);
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

export interface StorageSnapshot {
  local: Record<string, string>;
  session: Record<string, string>;
}

/** The page's localStorage and sessionStorage, as plain objects. */
export async function readStorage(page: Page): Promise<StorageSnapshot> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null) out[key] = storage.getItem(key) ?? '';
      }
      return out;
    };
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
}

/** True when the page has no horizontal scrollbar (nothing wider than the viewport). */
export async function fitsViewportWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth <= window.innerWidth;
  });
}

/** A signed-in area dashboard: its school and greeting (spec section 2: /admin and /student). */
export function dashboard(page: Page, schoolName: string) {
  const intro = page.getByRole('region', { name: schoolName, exact: true });
  return {
    intro,
    school: intro.getByText(schoolName, { exact: true }),
    greeting: intro.getByRole('heading', { level: 2 }),
    settings: page.getByRole('link', { name: en.common.settings, exact: true }).first(),
  };
}
