/**
 * The landing page in Chromium (spec section 2): section order, navbar anchors and links,
 * the solid navbar after 20 px, the phone menu overlay and its scroll lock, the language button,
 * benefit tabs, the one-open FAQ, the wrap-around testimonial slider, footer links, no layout shift
 * and a bundle without signed-in areas.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { textsIn } from '../support/catalog-texts';
import { useBrowser } from './support/browser';
import { wholeText } from './support/whole-text';

const session = useBrowser();

async function openHome(options?: { width?: number; height?: number }): Promise<Page> {
  const page = await session.newPage(options);
  await page.goto('/home');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
};

describe('landing page', () => {
  it('is served at / and /home with the sections in the spec order', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /run your school/i }).waitFor();
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main > section')].map((section) => section.id || 'hero'),
    );
    expect(order).toEqual(['hero', 'features', 'benefits', 'how-it-works', 'about', 'contact', 'faq', 'testimonials']);
    expect(await page.locator('#features li.lp-card').count()).toBe(8);
    expect(await page.locator('#how-it-works .lp-step').count()).toBe(4);
    const text = await wholeText(page, 'main');
    for (const claim of ['30-day free trial', 'No credit card', '60%']) expect(text).toContain(claim);
    expect(await page.title()).toContain('Kaksha');
  });

  it('has the navbar anchors and links, and an anchor scrolls its section under the navbar', async () => {
    const page = await openHome();
    const nav = page.locator('header.lp-nav');
    const anchors = await nav.locator('.lp-nav-links a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(anchors).toEqual(['#features', '#benefits', '#about', '#contact', '#testimonials', '#faq']);
    expect(await nav.getByRole('link', { name: 'Find your school' }).getAttribute('href')).toBe('/school-selection');
    expect(await nav.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('#contact');

    await nav.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('faq')!.getBoundingClientRect().top;
      return top >= 0 && top < 120;
    });
    expect(new URL(page.url()).hash).toBe('#faq');

    await nav.getByRole('link', { name: 'Get started' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('contact')!.getBoundingClientRect().top) < 120);

    await nav.getByRole('link', { name: 'Find your school' }).click();
    await page.waitForURL('**/school-selection');
  });

  it('opened at an anchor on a phone, lands on that section under the navbar, though sections off the first screen are laid out late', async () => {
    const page = await session.newPage({ width: 360, height: 740 });
    await page.goto('/home#testimonials');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('testimonials')!.getBoundingClientRect().top;
      return top >= 0 && top < 120;
    });
    // Settled there: the sections it passed on the way did not push it down afterwards.
    await page.waitForTimeout(500);
    const top = await page.evaluate(() => document.getElementById('testimonials')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  });

  it('turns the navbar solid once scrolled more than 20 px', async () => {
    const page = await openHome();
    const nav = page.locator('header.lp-nav');
    expect(await nav.getAttribute('data-solid')).toBe('false');
    await scrollTo(page, 20);
    await page.waitForTimeout(100);
    expect(await nav.getAttribute('data-solid')).toBe('false');
    await scrollTo(page, 21);
    await page.waitForFunction(() => document.querySelector('header.lp-nav')?.getAttribute('data-solid') === 'true');
    // The background fades in (a 0.2 s transition) to nearly opaque white: wait for it rather than read its first frame.
    await page.waitForFunction(() => {
      const header = document.querySelector('header.lp-nav');
      const channels = header ? getComputedStyle(header).backgroundColor.match(/[\d.]+/g) : null;
      return channels !== null && channels.length >= 3 && Number(channels[0]) > 250 && Number(channels[3] ?? 1) > 0.9;
    });
    await scrollTo(page, 0);
    await page.waitForFunction(() => document.querySelector('header.lp-nav')?.getAttribute('data-solid') === 'false');
  });

  it('opens a menu overlay on phones that locks page scroll until it closes', async () => {
    const page = await openHome({ width: 360, height: 740 });
    expect(await page.locator('.lp-nav-links').isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const overlay = page.getByRole('dialog', { name: 'Menu' });
    await overlay.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBeUndefined();
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);

    await scrollTo(page, 0);
    await menuButton.click();
    await overlay.getByRole('link', { name: 'Testimonials' }).click();
    await overlay.waitFor({ state: 'detached' });
    await page.waitForFunction(() => Math.abs(document.getElementById('testimonials')!.getBoundingClientRect().top) < 120);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  it('has an English language button with English checked', async () => {
    const page = await openHome();
    const button = page.locator('.lp-nav-actions').getByRole('button', { name: 'Language: English' });
    expect(await button.innerText()).toContain('English');
    await button.click();
    const option = page.getByRole('menuitemradio', { name: 'English' });
    expect(await option.getAttribute('aria-checked')).toBe('true');
    await option.click();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the schools tab first and switches tabs by click and arrow keys, six bullets each', async () => {
    const page = await openHome();
    const tabs = page.locator('#benefits [role="tab"]');
    expect(await tabs.allInnerTexts()).toEqual(['Schools', 'Teachers', 'Students']);
    const selected = () => page.locator('#benefits [role="tab"][aria-selected="true"]').innerText();
    const visiblePanel = page.locator('#benefits [role="tabpanel"]:not([hidden])');
    expect(await selected()).toBe('Schools');
    expect(await visiblePanel.locator('li').count()).toBe(6);
    expect(await page.locator('#benefits [role="tabpanel"]:not([hidden])').count()).toBe(1);

    await tabs.nth(1).click();
    expect(await selected()).toBe('Teachers');
    expect(await visiblePanel.getAttribute('aria-labelledby')).toBe('benefits-tab-teachers');
    expect(await visiblePanel.locator('li').count()).toBe(6);

    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Students');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Students');
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Schools');
    await page.keyboard.press('ArrowLeft');
    expect(await selected()).toBe('Students');
    expect(await visiblePanel.locator('li').count()).toBe(6);
  });

  it('keeps at most one FAQ answer open', async () => {
    const page = await openHome();
    const questions = page.locator('#faq button[aria-expanded]');
    expect(await questions.count()).toBe(6);
    const openCount = () => page.locator('#faq button[aria-expanded="true"]').count();
    const visibleAnswers = () => page.locator('#faq [role="region"]:not([hidden])').count();
    expect(await openCount()).toBe(1);
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');

    await questions.nth(2).click();
    expect(await openCount()).toBe(1);
    expect(await visibleAnswers()).toBe(1);
    expect(await questions.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');

    await questions.nth(5).click();
    expect(await questions.nth(5).getAttribute('aria-expanded')).toBe('true');
    expect(await openCount()).toBe(1);

    await questions.nth(5).click();
    expect(await openCount()).toBe(0);
    expect(await visibleAnswers()).toBe(0);
  });

  it('slides through three testimonials with previous, next and dots, wrapping both ways', async () => {
    const page = await openHome();
    const slider = page.locator('#testimonials');
    const active = () => slider.locator('.lp-slide.is-active').getAttribute('data-testimonial');
    const currentDot = () =>
      slider.locator('.lp-dot').evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));
    expect(await slider.locator('.lp-slide').count()).toBe(3);
    expect(await active()).toBe('t1');
    expect(await currentDot()).toBe(0);

    await slider.getByRole('button', { name: 'Previous testimonial' }).click();
    expect(await active()).toBe('t3');
    expect(await currentDot()).toBe(2);
    await slider.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await active()).toBe('t1');
    await slider.getByRole('button', { name: 'Next testimonial' }).click();
    await slider.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await active()).toBe('t3');
    await slider.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await active()).toBe('t1');

    await slider.getByRole('button', { name: 'Show testimonial 2 of 3' }).click();
    expect(await active()).toBe('t2');
    expect(await currentDot()).toBe(1);

    const slide = slider.locator('.lp-slide.is-active');
    expect(await slide.locator('.lp-stars svg').count()).toBe(5);
    expect(await slide.getByRole('img', { name: /^Rated [1-5] out of 5$/ }).count()).toBe(1);
    expect(await slide.locator('figcaption').innerText()).toMatch(/\S+,/);
    expect(await slider.locator('.lp-slide:not(.is-active)').first().getAttribute('aria-hidden')).toBe('true');
  });

  it('has the footer columns and links of the spec', async () => {
    const page = await openHome();
    const footer = page.locator('footer.lp-footer');
    const href = (name: string | RegExp) => footer.getByRole('link', { name }).first().getAttribute('href');
    for (const heading of ['Product', 'Company', 'Contact']) {
      expect(await footer.getByRole('heading', { name: heading, exact: true }).count()).toBe(1);
    }
    expect(await href('Privacy policy')).toBe('/privacy-policy');
    expect(await href('Terms of service')).toBe('/terms-of-service');
    expect(await href('Delete account')).toBe('/login?action=deleteAccount');
    for (const name of ['About', 'Careers', 'Home']) expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe('/home');
    expect(await href(/^Phone:/)).toMatch(/^tel:\+\d+$/);
    expect(await href(/^Email:/)).toMatch(/^mailto:.+@.+/);
    expect(await href(/open in a map/)).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    expect(await href(/Google Play/)).toMatch(/^https:\/\/play\.google\.com\//);
    expect(await href(/demo video/)).toMatch(/^https:\/\//);
    expect(await footer.locator('.lp-social a').count()).toBeGreaterThanOrEqual(3);

    await footer.getByRole('link', { name: 'Delete account' }).click();
    await page.waitForURL('**/login?action=deleteAccount');
  });

  it('does not shift its layout, loads images below the fold lazily, and sends no signed-in code', async () => {
    const page = await session.newPage({ width: 360, height: 740 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    for (let y = 0; y < 12_000; y += 500) await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
    expect(cls).toBeLessThan(0.01);

    // The hero is drawn inline (its words in the page's language): one image to assistive technology, sized before it paints.
    const hero = page.getByRole('img', { name: textsIn('en')('landing.hero.illustrationAlt'), exact: true });
    expect(await hero.getAttribute('width')).toBe('560');
    expect(await hero.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    expect(await page.locator('img.lp-about-art').getAttribute('loading')).toBe('lazy');

    for (const path of scripts) expect(path).not.toMatch(/firebase|xlsx|Admin|Student|Settings|Attendance|sync-engine|dexie/i);
    // By content too: a library bundled into a shared chunk has no name of its own (Dexie once rode
    // in the entry behind a feature descriptor's `keep`). These are names only each library's code holds.
    for (const path of scripts) {
      const code = await (await fetch(new URL(path, page.url()))).text();
      expect(code, path).not.toMatch(/MissingAPIError|DatabaseClosedError|firebase-messaging/);
    }
  });
});
