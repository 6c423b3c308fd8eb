/**
 * End-to-end setup: the production build served by the real server process (as `npm start` runs
 * it) on a free loopback port, over a fresh embedded database with the demo schools seeded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build';
import { startPublicSiteFixtures } from './support/public-site-setup';
import { freePort } from '../support/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The build the server serves (a private copy): a test may publish a "new build" there. */
    staticDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy in time');
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-e2e-'));
  // A private copy of the build: another run's rebuild of dist/ must not pull files from under this server.
  const staticDir = path.join(dataDir, 'dist');
  cpSync(path.join(root, 'dist'), staticDir, { recursive: true });
  const publicSite = await startPublicSiteFixtures(root, dataDir);
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SIGNIN_LIMIT_PER_IP: '100000',
      SIGNIN_LIMIT_PER_USER: '100000',
      REGISTER_LIMIT_PER_IP: '100000',
      ...publicSite.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, 90_000);
  project.provide('baseUrl', baseUrl);
  project.provide('staticDir', staticDir);
  project.provide('mailDir', publicSite.mailDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    await publicSite.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
