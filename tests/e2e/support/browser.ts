/**
 * Headless Debian Chromium through playwright-core: one browser per test worker (the e2e project
 * does not isolate files, so this module's browser outlives a file), one fresh context (empty
 * storage) per test, or a browser of its own on a copy of a signed-in, synced profile
 * (`signedIn`, tests/e2e/support/signed-in-profile.ts). Each is closed after its test.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { chromiumEnv, chromiumFlags, chromiumPath, type ContextOptions } from './chromium-launch';
import type { DeviceFonts } from './device-fonts';
import { e2eServer } from './server';
import { putOnSchoolClock } from './school-clock-env';
import { openSignedIn, type SignedIn, type SignedInOptions } from './signed-in-profile';

export { chromiumPath, type ContextOptions };

const shared = new Map<DeviceFonts | 'machine', Promise<Browser>>();

/** The worker's browser for these fonts, started on first use (and again if it went away). */
function workerBrowser(fonts: DeviceFonts | 'machine'): Promise<Browser> {
  let browser = shared.get(fonts);
  if (!browser) {
    browser = chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags, env: chromiumEnv(fonts) }).then((launched) => {
      launched.once('disconnected', () => shared.delete(fonts));
      return launched;
    });
    shared.set(fonts, browser);
  }
  return browser;
}

export interface BrowserSession {
  baseUrl: string;
  /** A new page in a new, empty browser context (viewport 1280×800, browser language en-US, unless given). */
  newPage(options?: ContextOptions): Promise<Page>;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /**
   * A demo account already signed in, its mirror synced up to now, on its area's dashboard: for a
   * test whose subject comes after the sign-in (tests/e2e/support/signed-in-profile.ts).
   */
  signedIn(username: string, options?: SignedInOptions): Promise<SignedIn>;
}

export function useBrowser(): BrowserSession {
  const contexts: BrowserContext[] = [];
  const { baseUrl, staticDir } = e2eServer();

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
  });
  // A browser with fonts of its own serves the file that asked for it; the machine's stays for the next.
  afterAll(async () => {
    const others = [...shared].filter(([fonts]) => fonts !== 'machine');
    await Promise.all(others.map(async ([, browser]) => (await browser).close().catch(() => undefined)));
  });

  const newContext = async ({ width = 1280, height = 800, locale = 'en-US', deviceFonts }: ContextOptions = {}) => {
    const browser = await workerBrowser(deviceFonts ?? 'machine');
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, locale });
    contexts.push(context);
    await putOnSchoolClock(context);
    return context;
  };

  return {
    baseUrl,
    newContext,
    async signedIn(username, options) {
      const signedIn = await openSignedIn({ baseUrl, workDir: path.dirname(staticDir) }, username, options);
      contexts.push(signedIn.context);
      return signedIn;
    },
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
  };
}
