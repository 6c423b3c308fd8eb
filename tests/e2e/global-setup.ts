/**
 * End-to-end setup: the production build served by real server processes (as `npm start` runs
 * them) on free loopback ports, one per test worker, each over its own copy of one embedded
 * database seeded with the demo schools. Seeding once and copying the data folder costs a second a
 * server instead of a seed each.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build';
import { freePort } from '../support/free-port';
import { schoolClockSetting, shiftDate } from './support/school-clock.mjs';
import { onSchoolClock } from './support/school-clock-env';
import { createE2eOperator, startPublicSiteFixtures } from './support/public-site-setup';
import type { E2eServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (tests/e2e/support/server.ts picks the worker's). */
    servers: E2eServer[];
    /** A data folder with the demo schools and the e2e operator, for a test that starts a server of its own. */
    seededDataDir: string;
    /** KAKSHA_E2E_CLOCK of this run (tests/e2e/support/school-clock.mjs). */
    schoolClock: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * The school day every run of the suite lives on, whatever day it runs: a Wednesday of term with
 * the last weeks marked and the Half Yearly ahead, from 10:30 in India on.
 */
export const e2eSchoolDay = '2026-11-25';


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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy in time');
}

function seedOnce(dataDir: string) {
  const seeded = spawnSync(process.execPath, [tsx, 'tests/e2e/support/seed-data-dir.ts'], {
    cwd: root,
    env: onSchoolClock({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }),
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding the e2e database failed: ${seeded.stderr || seeded.stdout}`);
}

async function startServer(workDir: string, seededDir: string) {
  const dataDir = path.join(workDir, 'data');
  cpSync(seededDir, dataDir, { recursive: true });
  // A private copy of the build: a test may publish a "new build" there, and another run's rebuild
  // of dist/ must not pull files from under this server.
  const staticDir = path.join(workDir, 'dist');
  cpSync(path.join(root, 'dist'), staticDir, { recursive: true });
  const publicSite = await startPublicSiteFixtures(workDir);
  const port = await freePort();
  const child = spawn(process.execPath, [tsx, 'server/main.ts'], {
    cwd: root,
    env: onSchoolClock({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SIGNIN_LIMIT_PER_IP: '100000',
      SIGNIN_LIMIT_PER_USER: '100000',
      SIGNIN_LIMIT_PER_USER_ADDRESS: '100000',
      REGISTER_LIMIT_PER_IP: '100000',
      ...publicSite.env,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, 90_000);
  const server: E2eServer = { baseUrl, staticDir, mailDir: publicSite.mailDir };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    await publicSite.close();
  };
  return { server, stop };
}

export default async function setup(project: TestProject) {
  ensureBuild();
  process.env.KAKSHA_E2E_CLOCK = schoolClockSetting(e2eSchoolDay);
  project.provide('schoolClock', process.env.KAKSHA_E2E_CLOCK);
  // This process too: the mail sink stamps what arrives with the time the tests compare it to.
  const [start, origin] = process.env.KAKSHA_E2E_CLOCK.split(':').map(Number) as [number, number];
  shiftDate(globalThis, start, origin);
  const workDir = mkdtempSync(path.join(tmpdir(), 'kaksha-e2e-'));
  const seededDir = path.join(workDir, 'seeded');
  mkdirSync(seededDir);
  seedOnce(seededDir);
  createE2eOperator(root, seededDir);
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.all(Array.from({ length: count }, (_, index) => startServer(path.join(workDir, `server-${index + 1}`), seededDir)));
  project.provide(
    'servers',
    started.map((one) => one.server),
  );
  project.provide('seededDataDir', seededDir);

  return async () => {
    await Promise.all(started.map((one) => one.stop()));
    rmSync(workDir, { recursive: true, force: true });
  };
}
