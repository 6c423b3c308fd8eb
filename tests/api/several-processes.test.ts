/**
 * Two real server processes (`tsx server/main.ts`, as `npm start` runs one) on one PostgreSQL
 * database, the topology of docs/deployment.md: what one process does holds in the other at once.
 * They share a DATA_DIR and have no JWT_SECRET, so they must also agree on the generated secret.
 * Needs PostgreSQL: skipped without TEST_DATABASE_URL (.ci/run sets it when PostgreSQL answers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { ChangeHub, listenOnPostgres } from '../../server/db/changes';
import { openDatabase, type Database } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';
import { embeddedConcurrencyRefusal } from '../../server/main';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { connectTestRedis, deleteKeysUnder, keysUnder, redisAnswers, redisTestUrl, testRedisPrefix } from '../support/redis';
import { freePort } from '../support/free-port';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUp = serverUrl ? await redisAnswers() : false;
const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Child {
  url: string;
  process: ChildProcess;
  output: string[];
}

function startServer(env: Record<string, string>): Child {
  const output: string[] = [];
  const child = spawn(process.execPath, [tsx, 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '0', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  return { url: `http://127.0.0.1:${env.PORT}`, process: child, output };
}

async function healthy(child: Child): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`server exited: ${child.output.join('')}`);
    if (await fetch(`${child.url}${paths.health}`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy: ${child.output.join('')}`);
}

function exited(child: Child): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null) resolve(child.process.exitCode);
    else child.process.once('exit', (code) => resolve(code));
  });
}

async function stop(child: Child | undefined) {
  if (!child || child.process.exitCode !== null) return;
  child.process.kill('SIGTERM');
  await exited(child);
}

async function call(base: string, method: string, url: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      [headers.tenant]: 'twoproc',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { [headers.idempotencyKey]: options.key } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as { message: string; data: unknown } };
}

async function signIn(base: string, username: string, password = fixturePassword): Promise<string> {
  const answer = await call(base, 'POST', paths.authUser, { body: { username, password } });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.body.message}`);
  return (answer.body.data as { jwtToken: string }).jwtToken;
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  const name = `kaksha_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-two-'));
  let databaseUrl = '';
  let database: Database;
  let school: SchoolFixture;
  let a: Child;
  let b: Child;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl });
    school = await createSchoolFixture(database.db, 'twoproc');
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SIGNIN_LIMIT_PER_USER: '4', SIGNIN_LIMIT_PER_IP: '1000' };
    // Started together: both find no secret file in DATA_DIR and must still end up with one secret.
    a = startServer({ ...env, PORT: String(await freePort()) });
    b = startServer({ ...env, PORT: String(await freePort()) });
    await Promise.all([healthy(a), healthy(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await database?.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accept each other’s sessions (one secret between them)', async () => {
    const token = await signIn(a.url, school.accounts.admin.username);
    expect((await call(b.url, 'GET', `${paths.classes.page}?page=0&size=5`, { token })).status).toBe(200);
  });

  it('count a sign-in limit across both: 4 a minute is 4 in all', async () => {
    const username = school.accounts.parent.username;
    const statuses: number[] = [];
    for (const base of [a.url, b.url, a.url, b.url, a.url, b.url]) {
      statuses.push((await call(base, 'POST', paths.authUser, { body: { username, password: 'not-the-password-1' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await call(a.url, 'POST', paths.authUser, { body: { username, password: fixturePassword } });
    expect(refused).toMatchObject({ status: 429, body: { message: messages.auth.tooManyAttempts } });
  });

  it('end a session in the other process as soon as the notice arrives when the password is changed in one', async () => {
    const username = school.accounts.teacher.username;
    const kept = await signIn(a.url, username);
    const other = await signIn(a.url, username);
    // B has checked (and cached) the session before the change.
    expect((await call(b.url, 'GET', `${paths.classes.page}?page=0&size=5`, { token: other })).status).toBe(200);
    const changed = await call(a.url, 'POST', paths.changePassword, {
      token: kept,
      body: { currentPassword: fixturePassword, newPassword: 'Another#Secret2026' },
    });
    expect(changed.status).toBe(200);
    // B drops its cached session when PostgreSQL's notice reaches it: milliseconds, but on a machine
    // loaded far beyond its cores the request can overtake the notice (docs/deployment.md "Caches").
    const changedAt = Date.now();
    let ended = await call(b.url, 'GET', `${paths.classes.page}?page=0&size=5`, { token: other });
    while (ended.status === 200 && Date.now() - changedAt < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended = await call(b.url, 'GET', `${paths.classes.page}?page=0&size=5`, { token: other });
    }
    expect(ended).toMatchObject({ status: 401, body: { message: messages.auth.sessionExpired } });
    const fresh = (changed.body.data as { jwtToken: string }).jwtToken;
    expect((await call(b.url, 'GET', `${paths.classes.page}?page=0&size=5`, { token: fresh })).status).toBe(200);
  });

  it('apply one Idempotency-Key sent to both at once once', async () => {
    const token = await signIn(a.url, school.accounts.admin.username);
    const key = randomUUID();
    const body = { className: 'IX', classSection: 'Twin' };
    const answers = await Promise.all([a.url, b.url].map((base) => call(base, 'POST', paths.classes.create, { token, key, body })));
    const statuses = answers.map((answer) => answer.status).sort();
    // The second is either the first's stored answer or, while the first is in flight, a 409.
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const listed = await call(b.url, 'GET', `${paths.classes.searchColumn}?column=classSection&value=Twin&page=0&size=10`, { token });
    expect((listed.body.data as { totalElements: number }).totalElements).toBe(1);
  });

  it('run a maintenance task in one process at a time (advisory lock)', async () => {
    let inner: boolean | undefined;
    const outer = await database.runExclusive('maintenance:test', async () => {
      inner = await database.runExclusive('maintenance:test', async () => {});
    });
    expect([outer, inner]).toEqual([true, false]);
    expect(await database.runExclusive('maintenance:test', async () => {})).toBe(true);
  });

  it('stop trusting the caches while the change feed reconnects, and trust them again once it is back', async () => {
    const hub = new ChangeHub();
    const states: boolean[] = [];
    let onState: (() => void) | undefined;
    hub.subscribe({ changed: () => {}, listening: (on) => (states.push(on), onState?.()) });
    const until = (count: number) =>
      new Promise<void>((resolve) => {
        onState = () => states.length >= count && resolve();
        onState();
      });
    const feed = listenOnPostgres(databaseUrl, hub, { maxBackoffMs: 250 });
    try {
      await until(2);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = 'kaksha-change-feed' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      await until(4);
      // Every listener of both servers was cut too: both still answer, reading the database meanwhile.
      expect(states.slice(0, 4)).toEqual([false, true, false, true]);
    } finally {
      await feed.close();
    }
  });
});

describe.skipIf(!serverUrl || !redisUp)('two server processes counting rate limits in one Redis (REDIS_URL)', () => {
  const name = `kaksha_two_redis_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-two-redis-'));
  const prefix = testRedisPrefix();
  let database: Database;
  let school: SchoolFixture;
  let a: Child;
  let b: Child;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    school = await createSchoolFixture(database.db, 'twoproc');
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SIGNIN_LIMIT_PER_USER: '3',
      SIGNIN_LIMIT_PER_IP: '1000',
      REDIS_URL: redisTestUrl,
      REDIS_KEY_PREFIX: prefix,
    };
    a = startServer({ ...env, PORT: String(await freePort()) });
    b = startServer({ ...env, PORT: String(await freePort()) });
    await Promise.all([healthy(a), healthy(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await database?.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    const redis = await connectTestRedis();
    await deleteKeysUnder(redis, prefix);
    redis.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('count a sign-in limit across both in Redis: 3 a minute is 3 in all, and nothing in the database', async () => {
    const username = school.accounts.parent.username;
    const statuses: number[] = [];
    for (const base of [b.url, a.url, b.url, a.url, b.url]) {
      statuses.push((await call(base, 'POST', paths.authUser, { body: { username, password: 'not-the-password-1' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await call(a.url, 'POST', paths.authUser, { body: { username, password: fixturePassword } });
    expect(refused).toMatchObject({ status: 429, body: { message: messages.auth.tooManyAttempts } });

    const redis = await connectTestRedis();
    try {
      const windows = [...(await keysUnder(redis, `${prefix}rate:`)).entries()];
      expect(windows.map(([key]) => key.slice(prefix.length).split(' ')[0]).sort()).toEqual(['rate:sign-in-failures:user', 'rate:sign-in-failures:user-address', 'rate:sign-in:ip']);
      for (const [, ttl] of windows) expect(ttl).toBeGreaterThan(0);
    } finally {
      redis.destroy();
    }
    expect(await queryRows(database.db, sql`select count(*)::int as count from rate_limit_windows`)).toEqual([{ count: 0 }]);
  });
});

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('is refused with a clear message (PGlite belongs to one process)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-one-'));
    const child = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '2' });
    try {
      expect(await exited(child)).toBe(1);
      expect(child.output.join('')).toContain(embeddedConcurrencyRefusal);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
