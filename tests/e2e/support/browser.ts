/**
 * Headless Debian Chromium through playwright-core: one browser per test worker (the e2e project
 * does not isolate files, so this module's browser outlives a file), one fresh context (empty
 * storage) per test.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
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

let shared: Promise<Browser> | undefined;

/** The worker's browser, started on first use (and again if it went away). */
function workerBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags }).then((browser) => {
    browser.once('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** The browser's language (navigator.languages), which the app starts in (docs/i18n.md). */
  locale?: string;
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

  const newContext = async ({ width = 1280, height = 800, locale = 'en-US' }: ContextOptions = {}) => {
    const browser = await workerBrowser();
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
