/**
 * A demo account already signed in with its mirror synced, for a test whose subject comes after the
 * sign-in. A first sync is the whole school's term for the admin (tens of seconds on a loaded
 * two-core machine, with the server working out every page); paid by each such test it was most of
 * the end-to-end run. So each worker signs each demo account in once, through /login, into a
 * Chromium profile of its own and lets it sync to the end; a test then starts Chromium on a copy of
 * that profile (the IndexedDB mirror, the service worker with its caches, the session in
 * localStorage) and opens the area, whose pull brings what changed on the server since, as it does
 * for anyone who opens the app again. The sign-in and the first sync themselves are tested through
 * the form (foundation-login, first-sync and the offline tests).
 */
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { paths } from '../../../contract/paths';
import { chromiumEnv, chromiumFlags, chromiumPath, type ContextOptions } from './chromium-launch';
import { areaOf, demoAccounts, greenvalley, type DemoSchool } from './demo';
import { signInAs, waitForServiceWorker, waitForSynced } from './offline';
import { putOnSchoolClock } from './school-clock-env';

export interface SignedInOptions extends ContextOptions {
  school?: DemoSchool;
  /**
   * Chromium offers a profile on disk the app's installation, and the app shows its install card over
   * the bottom of the screen; the other tests' private contexts never see it, so by default neither
   * does this one.
   */
  offersInstall?: boolean;
}

export interface SignedIn {
  context: BrowserContext;
  page: Page;
}

interface Server {
  baseUrl: string;
  /** The worker's server's own folder, removed when the run ends. */
  workDir: string;
}

/** The worker's synced profiles, one per server, school and account. */
const templates = new Map<string, Promise<string>>();

async function launch(dir: string, baseUrl: string, { width = 1280, height = 800, locale = 'en-US', deviceFonts, offersInstall = false }: SignedInOptions): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    env: chromiumEnv(deviceFonts ?? 'machine'),
    baseURL: baseUrl,
    viewport: { width, height },
    locale,
  });
  await putOnSchoolClock(context);
  if (!offersInstall) await context.addInitScript(() => window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), true));
  return context;
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/** Signs the account in through /login in a new profile, syncs it to the end and closes it. */
async function syncedProfile(server: Server, username: string, school: DemoSchool): Promise<string> {
  const root = path.join(server.workDir, 'profiles');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(path.join(root, `${school.tenantId}-`));
  const context = await launch(dir, server.baseUrl, {});
  try {
    const page = await firstPage(context);
    await signInAs(page, username, school);
    await waitForSynced(page);
    await waitForServiceWorker(page);
  } finally {
    await context.close();
  }
  return dir;
}

function templateFor(server: Server, username: string, school: DemoSchool): Promise<string> {
  const key = `${server.baseUrl} ${school.tenantId} ${username}`;
  let template = templates.get(key);
  if (!template) {
    template = syncedProfile(server, username, school);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

/**
 * Chromium on a copy of the account's synced profile, on its area's dashboard once the pull that
 * opening the app starts has ended. Closing the context removes the copy.
 */
export async function openSignedIn(server: Server, username: string, { school = greenvalley, ...options }: SignedInOptions = {}): Promise<SignedIn> {
  const account = demoAccounts.find((entry) => entry.username === username);
  if (!account) throw new Error(`${username} is not a demo account`);
  const template = await templateFor(server, username, school);
  const dir = mkdtempSync(`${template}-copy-`);
  cpSync(template, dir, { recursive: true });
  const context = await launch(dir, server.baseUrl, options);
  // Chromium may still be writing as it exits; what is left goes with the run's folder.
  context.once('close', () => void rm(dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined));
  const page = await firstPage(context);
  const pulled = page.waitForResponse((response) => new URL(response.url()).pathname === paths.sync.pull && response.ok());
  await page.goto(areaOf[account.role]);
  await pulled;
  await waitForSynced(page);
  return { context, page };
}
