/** Headless Debian Chromium through playwright-core, one fresh context (empty storage) per test. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  baseUrl: string;
  browser(): Browser;
  /** A new page in a new, empty browser context (viewport 1280×800 unless given). */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
}

export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: flags });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const newContext = async ({ width = 1280, height = 800 } = {}) => {
    if (!browser) throw new Error('browser not started');
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
    contexts.push(context);
    return context;
  };

  return {
    baseUrl,
    browser: () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
  };
}
