/**
 * The real server for a benchmark: `server/main.ts` in its own process on a free loopback port,
 * serving the production build over a fresh embedded database with the demo schools seeded, as
 * `npm start` runs it. Plus a small JSON client for the API.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { headers } from '../../contract/headers';
import { paths } from '../../contract/paths';
import { demoPassword } from '../../server/seed/accounts';
import { freePort } from '../../tests/support/free-port';

export { freePort };

export const root = path.resolve(import.meta.dirname, '..', '..');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface BenchServer {
  baseUrl: string;
  /** The process spawned (tsx, which runs the server in a child process of its own: serverPid). */
  pid: number;
  stop(): Promise<void>;
}

/** `env` adds to (or overrides) the server's environment. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(root, 'dist'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A bench stopped from outside (Ctrl-C, `timeout`) takes its server with it.
  const leave = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', leave);
  process.once('SIGTERM', leave);
  const stop = async () => {
    process.off('SIGINT', leave);
    process.off('SIGTERM', leave);
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}${paths.health}`).then((response) => response.ok, () => false);
    if (healthy) return { baseUrl, pid: child.pid ?? 0, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not become healthy');
}

/** One JSON call; answers the envelope's `data`, throws with the server's message otherwise. */
export async function api<T>(baseUrl: string, method: string, url: string, tenant: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      [headers.tenant]: tenant,
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

export const tokenOf = async (baseUrl: string, tenant: string, username: string) =>
  (await api<{ jwtToken: string }>(baseUrl, 'POST', paths.authUser, tenant, undefined, { username, password: demoPassword })).jwtToken;

/** Nearest-rank percentile (p95 of 40 samples is the 38th smallest). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Whether a PostgreSQL server answers at `url` (a benchmark's second database is skipped when none does). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
