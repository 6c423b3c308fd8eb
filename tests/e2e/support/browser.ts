/**
 * Headless Debian Chromium through playwright-core: one browser per test worker (the e2e project
 * does not isolate files, so this module's browser outlives a file), one fresh context (empty
 * storage) per test.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { fontconfigFile, type DeviceFonts } from './device-fonts';
import { e2eServer } from './server';
import { putOnSchoolClock } from './school-clock-env';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const shared = new Map<DeviceFonts | 'machine', Promise<Browser>>();

/** The worker's browser for these fonts, started on first use (and again if it went away). */
function workerBrowser(fonts: DeviceFonts | 'machine'): Promise<Browser> {
  let browser = shared.get(fonts);
  if (!browser) {
    const env = fonts === 'machine' ? undefined : { ...process.env, FONTCONFIG_FILE: fontconfigFile(fonts) };
    browser = chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags, env }).then((launched) => {
      launched.once('disconnected', () => shared.delete(fonts));
      return launched;
    });
    shared.set(fonts, browser);
  }
  return browser;
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** The browser's language (navigator.languages), which the app starts in (docs/i18n.md). */
  locale?: string;
  /** The fonts the device has (tests/e2e/support/device-fonts.ts), else the machine's own. */
  deviceFonts?: DeviceFonts;
}

export interface BrowserSession {
  baseUrl: string;
  /** A new page in a new, empty browser context (viewport 1280×800, browser language en-US, unless given). */
  newPage(options?: ContextOptions): Promise<Page>;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
}

export function useBrowser(): BrowserSession {
  const contexts: BrowserContext[] = [];
  const { baseUrl } = e2eServer();

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
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
  };
}
