/**
 * A server of a test file's own, as `npm start` runs it, over a copy of the run's seeded demo
 * database: for a file that changes the school for good (a year's turnover) or serves another
 * build (push) or reaches an outside service's stand-in (online payment). The worker's shared
 * server goes on to other files untouched.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumPath } from './browser';
import { putOnSchoolClock } from './school-clock-env';
import { e2eServer } from './server';
import { freePort } from '../../support/free-port';
import { onSchoolClock } from './school-clock-env';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface OwnServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts it serving `staticDir` (with `env` besides, an outside service's address say) and waits until it answers its health check. */
export async function startOwnServer(staticDir: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-own-server-'));
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: onSchoolClock({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: staticDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy in time');
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * For a file that runs on a server of its own with phones: starts the server and a browser before
 * the file's tests, closes them after, and makes 360 px phone contexts on the school's clock.
 */
export function ownServerWithPhones(): { baseUrl(): string; phone(): Promise<BrowserContext> } {
  let own: OwnServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    own = await startOwnServer(e2eServer().staticDir);
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await own?.stop();
  });
  return {
    baseUrl: () => own!.baseUrl,
    async phone() {
      const context = await browser!.newContext({ baseURL: own!.baseUrl, viewport: { width: 360, height: 740 }, locale: 'en-US' });
      contexts.push(context);
      await putOnSchoolClock(context);
      return context;
    },
  };
}
