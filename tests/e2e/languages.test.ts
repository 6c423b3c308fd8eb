/**
 * English, Hindi and Marathi in Chromium (docs/i18n.md): the landing page, school selection,
 * sign-in, registration and password recovery in Hindi and Marathi show no English word but the
 * few the list below allows; the app starts in the browser's language; switching on a half-filled
 * form keeps what was typed and does not reload; the choice survives a reload offline; a choice
 * made before signing in reaches the account, a fresh browser that signs in shows it, and a choice
 * in settings reaches the account too; an English page never downloads the Devanagari font, a
 * Hindi first visit on a device without a Devanagari font fetches it only after its load, and one on
 * a device with such a font keeps it until the next start.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../contract/languages';
import { languageNames } from '../../contract/languages';
import { paths } from '../../contract/paths';
import { site } from '../../src/features/landing/site';
import { readCatalog } from '../../scripts/i18n/catalog-files';
import { specMessageIn, textsIn } from '../support/catalog-texts';
import { useBrowser } from './support/browser';
import { wholeText } from './support/whole-text';
import { demoSchoolDefinitions } from '../../server/seed/schools';
import { waitForServiceWorker } from './support/offline';
import { devanagariFontAttribute } from '../../src/ui/devanagari-font';
import { createActiveAccount, demoSchool } from './support/public-site';

const session = useBrowser();

/**
 * What may stay in Latin letters on a Hindi or Marathi page, and why:
 * - Kaksha: the product's name, a name in every language.
 * - the schools' names: what a school typed (the demo schools are named in English).
 * - English, in the language menu: each language is named in its own script, so a reader finds theirs.
 * - the company's postal address: written as the post reads it (site.ts; a placeholder until launch).
 * - e-mail addresses and file extensions (.xlsx, .xls): addresses and format names, not words.
 * - class names (VI B in the hero's drawing): as a school writes them, Roman numerals in every language.
 */
const allowedPhrases = ['Kaksha', ...demoSchoolDefinitions.map((school) => school.schoolName), languageNames.en, site.address];
const notWords = [/[\w.+-]+@[\w.-]+\.\w+/g, /\.xlsx?\b/g, /\b[IVX]{1,4} [A-Z]\b/g];

/** The Latin-letter words on screen that the list above does not allow. */
async function englishOnScreen(page: Page): Promise<string[]> {
  let text = await wholeText(page);
  for (const pattern of notWords) text = text.replace(pattern, ' ');
  // innerText is as shown, after CSS text-transform (a label may show KAKSHA).
  for (const phrase of [...allowedPhrases].sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

async function expectNoEnglish(page: Page, where: string) {
  expect(await englishOnScreen(page), `English words on ${where}`).toEqual([]);
}

describe.each(['hi', 'mr'] as const)('the public pages in %s', (language: LanguageCode) => {
  const text = textsIn(language);

  it("start in the browser's language and show no English word but the allowed ones", async () => {
    const page = await session.newPage({ locale: language === 'hi' ? 'hi-IN' : 'mr-IN' });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: text('landing.hero.title'), exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expectNoEnglish(page, `/home (${language})`);

    await page.goto('/school-selection');
    await page.getByRole('radio', { name: demoSchool.schoolName, exact: true }).check();
    await expectNoEnglish(page, `/school-selection (${language})`);
    await page.getByRole('button', { name: text('schoolSelection.signInTo', { school: demoSchool.schoolName }), exact: true }).click();

    await page.getByRole('heading', { level: 1, name: text('auth.welcomeTitle', { school: demoSchool.schoolName }), exact: true }).waitFor();
    await page.getByRole('button', { name: text('auth.signIn'), exact: true }).click();
    await page.getByText(specMessageIn(language, 'login.usernameRequired'), { exact: true }).waitFor();
    await expectNoEnglish(page, `/login with its validation messages (${language})`);

    await page.getByRole('link', { name: text('auth.registerLink'), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: text('register.title'), exact: true }).waitFor();
    await expectNoEnglish(page, `/register (${language})`);

    await page.goto('/forgotpassword');
    await page.getByRole('heading', { level: 1, name: text('recovery.forgotTitle'), exact: true }).waitFor();
    await expectNoEnglish(page, `/forgotpassword (${language})`);
  });
});

describe('the landing page in Hindi', () => {
  /** The ids of the hi catalogs the landing page paints from (src/i18n/language.ts firstAreasOfPath). */
  const landingIds = new Set([...readCatalog('hi', 'app'), ...readCatalog('hi', 'landing')].map((entry) => entry.id));

  /** A compiled hi catalog chunk (`JSON.parse(`...`)` of id -> message) of any other area. */
  function isOtherHindiCatalog(body: string): boolean {
    const json = /^var \w+=JSON\.parse\(`(\{.*\})`\)/s.exec(body)?.[1];
    if (!json || !/[\u0900-\u097F]/.test(json)) return false;
    return [...json.matchAll(/"([A-Za-z][\w-]*(?:\.[\w-]+)+)":/g)].some(([, id]) => !landingIds.has(id!));
  }

  it("paints from its own catalogs alone, and the next page waits for the rest and shows in Hindi", async () => {
    const hi = textsIn('hi');
    const page = await session.newPage({ locale: 'hi-IN' });
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (isOtherHindiCatalog(body)) held.push(() => route.fulfill({ response, body }));
        else await route.fulfill({ response, body });
      } catch (error) {
        // A chunk still on its way when the test ends and closes the page has nowhere to go.
        if (!page.isClosed()) throw error;
      }
    });

    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: hi('landing.hero.title'), exact: true }).waitFor();
    await expectNoEnglish(page, '/home (hi) before the other catalogs');
    // The rest of the catalogs are fetched once the page has loaded and is idle (within 3 s of the load).
    await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(10);

    // /school-selection needs more than the landing page's catalogs: it waits for them, in Hindi.
    await page.getByRole('link', { name: hi('landing.nav.chooseSchool'), exact: true }).filter({ visible: true }).first().click();
    await page.waitForTimeout(300);
    await expectNoEnglish(page, 'the wait for the other catalogs (hi)');
    expect(await page.getByRole('radio').count()).toBe(0);
    for (const release of held.splice(0)) await release();
    await page.getByRole('radio', { name: demoSchool.schoolName, exact: true }).waitFor();
    await expectNoEnglish(page, '/school-selection (hi) after the landing page');
  });
});

describe('switching the language', () => {
  it('keeps a half-filled sign-in form and does not reload the page', async () => {
    const hi = textsIn('hi');
    const mr = textsIn('mr');
    const page = await session.newPage();
    await page.goto('/school-selection');
    await page.getByRole('radio', { name: demoSchool.schoolName, exact: true }).check();
    await page.getByRole('button', { name: textsIn('en')('schoolSelection.signInTo', { school: demoSchool.schoolName }), exact: true }).click();
    const email = page.getByLabel(textsIn('en')('auth.emailLabel'), { exact: true });
    await email.fill('asha.k@example.in');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByLabel(textsIn('en')('language.label'), { exact: true }).selectOption('hi');
    await page.getByRole('heading', { level: 1, name: hi('auth.welcomeTitle', { school: demoSchool.schoolName }), exact: true }).waitFor();
    expect(await page.getByLabel(hi('auth.emailLabel'), { exact: true }).inputValue()).toBe('asha.k@example.in');

    await page.getByLabel(hi('language.label'), { exact: true }).selectOption('mr');
    await page.getByRole('button', { name: mr('auth.signIn'), exact: true }).waitFor();
    expect(await page.getByLabel(mr('auth.emailLabel'), { exact: true }).inputValue()).toBe('asha.k@example.in');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr');
  });

  it('keeps the choice on the device: a reload offline shows the same language', async () => {
    const mr = textsIn('mr');
    const context = await session.newContext();
    const page = await context.newPage();
    await page.goto('/home');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: textsIn('en')('language.button', { name: languageNames.en }) }).click();
    await page.getByRole('menuitemradio', { name: languageNames.mr }).click();
    await page.getByRole('heading', { level: 1, name: mr('landing.hero.title'), exact: true }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: mr('landing.hero.title'), exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr');
    await context.setOffline(false);
  });
});

describe('the language on the account', () => {
  it('is taken from the device at the first sign-in, and a fresh browser that signs in shows it', async () => {
    const account = await createActiveAccount(session.baseUrl, 'language');
    const hi = textsIn('hi');

    const phone = await session.newPage();
    await phone.goto('/home');
    await phone.getByRole('button', { name: textsIn('en')('language.button', { name: languageNames.en }) }).click();
    await phone.getByRole('menuitemradio', { name: languageNames.hi }).click();
    await phone.getByRole('heading', { level: 1, name: hi('landing.hero.title'), exact: true }).waitFor();
    await phone.goto('/school-selection');
    await phone.getByRole('radio', { name: demoSchool.schoolName, exact: true }).check();
    await phone.getByRole('button', { name: hi('schoolSelection.signInTo', { school: demoSchool.schoolName }), exact: true }).click();
    await phone.getByLabel(hi('auth.emailLabel'), { exact: true }).fill(account.email);
    await phone.getByLabel(hi('auth.passwordLabel'), { exact: true }).fill(account.password);
    await phone.getByRole('button', { name: hi('auth.signIn'), exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/admin');
    await phone.getByRole('heading', { level: 1, name: hi('dashboard.adminTitle'), exact: true }).waitFor();
    await expect.poll(() => accountLanguage(account), { timeout: 15_000 }).toBe('hi');

    const tablet = await session.newPage();
    await tablet.goto('/school-selection');
    const en = textsIn('en');
    await tablet.getByRole('radio', { name: demoSchool.schoolName, exact: true }).check();
    await tablet.getByRole('button', { name: en('schoolSelection.signInTo', { school: demoSchool.schoolName }), exact: true }).click();
    await tablet.getByLabel(en('auth.emailLabel'), { exact: true }).fill(account.email);
    await tablet.getByLabel(en('auth.passwordLabel'), { exact: true }).fill(account.password);
    await tablet.getByRole('button', { name: en('auth.signIn'), exact: true }).click();
    await tablet.waitForURL((url) => url.pathname === '/admin');
    await tablet.getByRole('heading', { level: 1, name: hi('dashboard.adminTitle'), exact: true }).waitFor();
    expect(await tablet.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await tablet.evaluate(() => localStorage.getItem('kakshaLanguage'))).toBe('hi');

    // Chosen again in settings, on the tablet: the account follows.
    const mr = textsIn('mr');
    await tablet.goto('/settings');
    await tablet.getByRole('combobox', { name: hi('language.label'), exact: true }).selectOption('mr');
    await tablet.getByRole('heading', { level: 1, name: mr('settings.title'), exact: true }).waitFor();
    await expect.poll(() => accountLanguage(account), { timeout: 15_000 }).toBe('mr');
  });

  /** What a sign-in answers as the account's language. */
  async function accountLanguage(account: { email: string; password: string }): Promise<string | null> {
    const response = await fetch(`${session.baseUrl}${paths.authUser}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-TenantID': demoSchool.tenantId },
      body: JSON.stringify({ username: account.email, password: account.password }),
    });
    const body = (await response.json()) as { data: { language: string | null } };
    return body.data.language;
  }
});

describe('the Devanagari font', () => {
  it('is never downloaded by an English page', async () => {
    const page = await session.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/devanagari/i.test(request.url())) fonts.push(request.url());
    });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: textsIn('en')('landing.hero.title'), exact: true }).waitFor();
    // Once the page has loaded, Kaksha's face is in the stack, so an English page could now ask for it.
    await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), devanagariFontAttribute);
    await page.evaluate(() => document.fonts.ready);
    // The whole page laid out, footer included, and every font it asked for settled.
    await page.evaluate(async () => {
      window.scrollTo(0, document.body.scrollHeight);
      await document.fonts.ready;
    });
    expect(await page.evaluate(() => [...document.fonts].filter((font) => font.family.includes('Devanagari')).map((font) => font.status))).not.toContain('loaded');
    expect(fonts).toEqual([]);
  });

  /** When Kaksha's face joined the font stack, and when the page's load event ended (ms from the navigation). */
  async function faceTiming(page: Page): Promise<{ joined: number; loaded: number; fonts: number[]; facesAtJoin: string[] }> {
    await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), devanagariFontAttribute);
    await page.evaluate(() => document.fonts.ready);
    return page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fonts = performance.getEntriesByType('resource').filter((entry) => /devanagari/i.test(entry.name)).map((entry) => entry.startTime);
      const seen = window as unknown as { faceJoinedAt: number; facesAtJoin: string[] };
      return { joined: seen.faceJoinedAt, loaded: navigation.loadEventEnd, fonts, facesAtJoin: seen.facesAtJoin };
    });
  }

  /** Records when the face joins the stack, and the faces' states then. */
  async function watchTheFaceJoin(page: Page): Promise<void> {
    await page.addInitScript((attribute) => {
      new MutationObserver(() => {
        if (!document.documentElement.hasAttribute(attribute)) return;
        const seen = window as unknown as { faceJoinedAt?: number; facesAtJoin?: string[] };
        seen.faceJoinedAt ??= performance.now();
        seen.facesAtJoin ??= [...document.fonts].filter((font) => font.family.includes('Devanagari')).map((font) => font.status);
        // The script runs before <html> exists: the document with its subtree sees it when it does.
      }).observe(document, { attributes: true, subtree: true, attributeFilter: [attribute] });
    }, devanagariFontAttribute);
  }

  it("is fetched after a first visit's load on a device without a Devanagari font, both faces before it is drawn, and from the first paint once the service worker serves the page", async () => {
    const page = await session.newPage({ locale: 'hi-IN', deviceFonts: 'none' });
    await watchTheFaceJoin(page);
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: textsIn('hi')('landing.hero.title'), exact: true }).waitFor();
    const first = await faceTiming(page);
    expect(first.joined).toBeGreaterThanOrEqual(first.loaded);
    expect(first.fonts.length).toBeGreaterThan(0);
    for (const start of first.fonts) expect(start).toBeGreaterThanOrEqual(first.loaded);
    // Both faces were loaded before the face joined the stack: the page is laid out again once.
    expect(first.facesAtJoin).toEqual(['loaded', 'loaded']);
    expect(await page.evaluate(() => [...document.fonts].filter((font) => font.family.includes('Devanagari')).map((font) => font.status))).toContain('loaded');

    await waitForServiceWorker(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: textsIn('hi')('landing.hero.title'), exact: true }).waitFor();
    const served = await faceTiming(page);
    expect(served.joined).toBeLessThan(served.loaded);
  });

  it("is not drawn on a first visit by a device with a Devanagari font of its own, and is from the next start, from the device's files", async () => {
    const page = await session.newPage({ locale: 'hi-IN', deviceFonts: 'devanagari' });
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/devanagari/i.test(request.url())) fonts.push(request.url());
    });
    await watchTheFaceJoin(page);
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: textsIn('hi')('landing.hero.title'), exact: true }).waitFor();
    // The face would join after the load, when the browser is first idle: an idle callback asked for
    // after the load runs after it.
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await waitForServiceWorker(page);
    expect(await page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), devanagariFontAttribute)).toBe(false);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: textsIn('hi')('landing.hero.title'), exact: true }).waitFor();
    const served = await faceTiming(page);
    expect(served.joined).toBeLessThan(served.loaded);
    // The face's local() names find the device's own Noto Sans Devanagari: nothing is downloaded.
    expect(fonts).toEqual([]);
  });
});
