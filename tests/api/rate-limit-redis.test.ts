/**
 * Rate limits counted in Redis (REDIS_URL): the same answers as the database store, one count for
 * every app on one Redis, windows that pass, a 503 (never a 500, never a request let through
 * uncounted) while Redis is gone, and a start refused when REDIS_URL does not answer.
 * Needs Redis at TEST_REDIS_URL (default the local one): skipped when it does not answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { queryRows } from '../../server/db/rows';
// The app's rateLimitStore decoration is declared by the plugin.
import type {} from '../../server/plugins/rate-limit';
import { StartRefused } from '../../server/errors';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, testJwtSecret, type TestApp } from '../support/test-app';
import {
  connectTestRedis,
  deleteKeysUnder,
  keysUnder,
  RedisRelay,
  redisAnswers,
  redisTestUrl,
  testRedisPrefix,
  type TestRedisClient,
} from '../support/redis';
import { freePort } from '../support/free-port';

const redisUp = await redisAnswers();
const root = path.resolve(import.meta.dirname, '..', '..');

const wrongSignIn = (t: TestApp, username = 'admin@example.in') =>
  t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username, password: 'not-the-password-1' } });

async function windowRows(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(t.database.db, sql`select count(*) as count from rate_limit_windows`);
  return Number(row?.count ?? 0);
}

// Each test builds an app on its own database (and some two): 10-15 s on PGlite beside the other
// suites, past the default 30 s when the machine is loaded (a full run timed out on the first).
describe.skipIf(!redisUp)('rate limits counted in Redis', { timeout: 90_000 }, () => {
  let redis: TestRedisClient;
  const prefixes: string[] = [];
  const redisConfig = () => {
    const prefix = testRedisPrefix();
    prefixes.push(prefix);
    return { redisUrl: redisTestUrl, redisKeyPrefix: prefix };
  };

  beforeAll(async () => {
    redis = await connectTestRedis();
  });

  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeysUnder(redis, prefix);
    redis?.destroy();
  });

  it('answer a sign-in past its limit with the 429, its message and Retry-After, counted in Redis alone', async () => {
    const config = redisConfig();
    const t = await createTestApp({ rateLimits: { signInPerUsername: 3, signInPerIp: 100, windowMs: 60_000 }, config });
    try {
      expect(t.app.rateLimitStore.kind).toBe('redis');
      await createSchoolFixture(t.database.db, 'green');
      for (let i = 0; i < 3; i += 1) expect((await wrongSignIn(t)).statusCode).toBe(401);
      const blocked = await wrongSignIn(t);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, message: messages.auth.tooManyAttempts, data: { retryAfterSeconds: expect.any(Number) } });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(blocked.json().data.retryAfterSeconds).toBe(retryAfter);
      // The right password is refused too while the window lasts.
      const right = await t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username: 'admin@example.in', password: fixturePassword } });
      expect(right.statusCode).toBe(429);

      const keys = await keysUnder(redis, `${config.redisKeyPrefix}rate:`);
      const names = [...keys.keys()].map((key) => key.slice(config.redisKeyPrefix.length).split(' ')[0]).sort();
      expect(names).toEqual(['rate:sign-in-failures:user', 'rate:sign-in-failures:user-address', 'rate:sign-in:ip']);
      for (const [key, ttl] of keys) {
        expect(key).toMatch(/^\S+rate:sign-in(:ip|-failures:user|-failures:user-address) [A-Za-z0-9_-]{43}$/);
        expect(key).not.toContain('admin@example.in');
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      }
      // Five attempts, three failures: the refused ones were taken back.
      const count = async (name: string) => redis.get([...keys.keys()].find((key) => key.includes(`rate:${name} `))!);
      expect([await count('sign-in:ip'), await count('sign-in-failures:user'), await count('sign-in-failures:user-address')]).toEqual(['5', '3', '3']);
      expect(await windowRows(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('count failures per user and client address: one address guessing never keeps the user out on another', async () => {
    const t = await createTestApp({ rateLimits: { signInPerUserAddress: 3, signInPerUsername: 6, signInPerIp: 1000 }, config: redisConfig() });
    try {
      expect(t.app.rateLimitStore.kind).toBe('redis');
      await createSchoolFixture(t.database.db, 'green');
      const from = (remoteAddress: string, password = 'not-the-password-1') =>
        t.call({ method: 'POST', url: paths.authUser, tenant: 'green', remoteAddress, payload: { username: 'teacher@example.in', password } });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await from('203.0.113.7')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
      expect((await from('203.0.113.7', fixturePassword)).statusCode).toBe(429);
      expect((await from('198.51.100.20', fixturePassword)).statusCode).toBe(200);
      expect((await from('198.51.100.20', fixturePassword)).statusCode).toBe(200);
      // The user-wide cap (6) across addresses: three more failures elsewhere, then every address waits.
      expect([(await from('192.0.2.1')).statusCode, (await from('192.0.2.1')).statusCode, (await from('192.0.2.2')).statusCode]).toEqual([401, 401, 401]);
      expect((await from('192.0.2.2')).statusCode).toBe(429);
      expect((await from('198.51.100.20', fixturePassword)).statusCode).toBe(429);
      expect(await windowRows(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('share one count between two apps on one Redis: a limit of 4 is 4 across both', async () => {
    const config = redisConfig();
    const a = await createTestApp({ rateLimits: { signInPerUsername: 4, signInPerIp: 100 }, config });
    const b = await buildApp({
      db: a.database.db,
      coordination: a.database,
      config: a.app.config,
      jwtSecret: testJwtSecret,
      logger: false,
      checkResponses: true,
    });
    try {
      await b.ready();
      await createSchoolFixture(a.database.db, 'green');
      const fromB = () =>
        b.inject({
          method: 'POST',
          url: paths.authUser,
          headers: { [headers.tenant]: 'green' },
          payload: { username: 'admin@example.in', password: 'not-the-password-1' },
        });
      const statuses: number[] = [];
      for (const app of ['a', 'b', 'a', 'b', 'a', 'b']) statuses.push((app === 'a' ? await wrongSignIn(a) : await fromB()).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect((await fromB()).json().message).toBe(messages.auth.tooManyAttempts);
      expect(await windowRows(a)).toBe(0);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('start a new window once the last has passed', async () => {
    const config = redisConfig();
    const t = await createTestApp({ rateLimits: { signInPerUsername: 2, signInPerIp: 100, windowMs: 4_000 }, config });
    try {
      await createSchoolFixture(t.database.db, 'green');
      expect([(await wrongSignIn(t)).statusCode, (await wrongSignIn(t)).statusCode, (await wrongSignIn(t)).statusCode]).toEqual([401, 401, 429]);
      // Redis deletes a window when it passes: wait for that, not for a guessed time. (Four seconds:
      // three sign-ins, each with its password hash, must fit in one window on a loaded machine.)
      const windowsLeft = async () => (await keysUnder(redis, config.redisKeyPrefix)).size;
      const deadline = Date.now() + 15_000;
      while ((await windowsLeft()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await windowsLeft()).toBe(0);
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      expect((await wrongSignIn(t)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('refuse a rate-limited request with a 503 while Redis is gone, and count again once it is back', async () => {
    const relay = new RedisRelay();
    await relay.open();
    const { redisKeyPrefix } = redisConfig();
    const logged: { level: number; msg: string }[] = [];
    const t = await createTestApp({
      rateLimits: { signInPerUsername: 3, signInPerIp: 100 },
      config: { redisUrl: relay.url, redisKeyPrefix },
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    const redisLines = () => logged.filter((line) => line.msg.startsWith('Redis (REDIS_URL)')).map((line) => line.msg);
    try {
      await createSchoolFixture(t.database.db, 'green');
      expect((await wrongSignIn(t)).statusCode).toBe(401);

      await relay.cut();
      for (const payload of [{ username: 'admin@example.in', password: 'not-the-password-1' }, { username: 'admin@example.in', password: fixturePassword }]) {
        const refused = await t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload });
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ success: false, message: messages.common.limitsUnavailable, data: null });
      }
      // Routes without a limit do not need Redis.
      expect((await t.call({ method: 'GET', url: paths.health })).statusCode).toBe(200);

      await relay.open();
      const deadline = Date.now() + 15_000;
      let answer = await wrongSignIn(t);
      while (answer.statusCode === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await wrongSignIn(t);
      }
      // The count went on where it was: the refused requests were not counted (or let through).
      expect(answer.statusCode).toBe(401);
      // One line when it went away, however many requests were refused; one when it came back.
      expect(redisLines()).toEqual([
        'Redis (REDIS_URL) does not answer: rate-limited requests are refused with 503 until it does',
        'Redis (REDIS_URL) answers again: rate limits are counted',
      ]);
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      expect((await wrongSignIn(t)).statusCode).toBe(429);
    } finally {
      await t.close();
      await relay.cut();
    }
  });

  it('refuse a rate-limited request with a 503 while Redis hangs, instead of waiting for it', async () => {
    const relay = new RedisRelay();
    await relay.open();
    const { redisKeyPrefix } = redisConfig();
    const t = await createTestApp({ rateLimits: { signInPerUsername: 3, signInPerIp: 100 }, config: { redisUrl: relay.url, redisKeyPrefix } });
    try {
      await createSchoolFixture(t.database.db, 'green');
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      relay.freeze();
      const refused = await wrongSignIn(t);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(messages.common.limitsUnavailable);
      relay.thaw();
      // Redis ran the address count it answered late; the attempt never reached the password, so it
      // is no failure: the second and third failures are answered, the fourth is refused.
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      expect((await wrongSignIn(t)).statusCode).toBe(401);
      expect((await wrongSignIn(t)).statusCode).toBe(429);
    } finally {
      await t.close();
      await relay.cut();
    }
  });
});

describe('REDIS_URL setting', () => {
  it('is off unless set, and takes only redis:// and rediss:// URLs, without echoing them', () => {
    expect(configFromEnv({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'kaksha:' });
    expect(configFromEnv({ REDIS_URL: ' rediss://:pw@cache.internal:6380/2 ', REDIS_KEY_PREFIX: 'school-a:' })).toMatchObject({
      redisUrl: 'rediss://:pw@cache.internal:6380/2',
      redisKeyPrefix: 'school-a:',
    });
    expect(() => configFromEnv({ REDIS_URL: 'http://:secret@cache:6379' })).toThrow('REDIS_URL must start with redis:// or rediss://, got "http://"');
    expect(() => configFromEnv({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/^REDIS_URL must be a URL such as redis:\/\/127\.0\.0\.1:6379/);
  });
});

describe('REDIS_URL that does not answer', () => {
  it('refuses to build the app, naming Redis and the way out', async () => {
    const port = await freePort();
    const t = createTestApp({ config: { redisUrl: `redis://user:hunter2@127.0.0.1:${port}`, redisKeyPrefix: 'kaksha-test:' } });
    const refusal = await t.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(StartRefused);
    const message = (refusal as Error).message;
    expect(message).toContain(`REDIS_URL is set, but Redis at 127.0.0.1:${port} does not answer`);
    expect(message).toContain('unset REDIS_URL to count them in the database');
    expect(message).not.toContain('hunter2');
  });

  it('stops `server/main.ts` with that message and exit code 1, before opening the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-redis-'));
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => output.push(String(chunk)));
    try {
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output.join('')).toContain(`REDIS_URL is set, but Redis at 127.0.0.1:${port} does not answer`);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
