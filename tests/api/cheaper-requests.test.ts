/**
 * What a signed-in list request costs : one database query, one
 * access-log line; and the session cache that makes it so still ends a session the moment the
 * user's row changes, whoever changes it. Rate limits count in the database, so two apps on one
 * database share one count. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { schools, users } from '../../server/db/core-tables';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, testJwtSecret, type TestApp } from '../support/test-app';

/** Counts the statements the app sends to the database (PGlite client or node-postgres pool). */
function countQueries(t: TestApp): { readonly count: number; reset(): void } {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query.bind(client);
  const counter = { count: 0, reset: () => (counter.count = 0) };
  client.query = (...args: unknown[]) => {
    counter.count += 1;
    return original(...args);
  };
  return counter;
}

describe('a signed-in list request', () => {
  let t: TestApp;
  let school: SchoolFixture;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchoolFixture(t.database.db, 'cheap');
    token = await t.signIn('cheap', school.accounts.admin.username, fixturePassword);
  });
  afterAll(() => t?.close());

  const listClasses = (bearer = token) => t.call({ method: 'GET', url: `${paths.classes.page}?page=0&size=20`, tenant: 'cheap', token: bearer });

  it('costs one database query once the session is known: no user read, count and page together', async () => {
    expect((await listClasses()).statusCode).toBe(200);
    const queries = countQueries(t);
    const response = await listClasses();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ totalElements: school.classIds.length, page: 0, size: 20 });
    expect(queries.count).toBe(1);
  });

  it('still counts the whole set on a page past the end', async () => {
    const response = await t.call({ method: 'GET', url: `${paths.classes.page}?page=5&size=1`, tenant: 'cheap', token });
    expect(response.json().data).toMatchObject({ content: [], totalElements: school.classIds.length, totalPages: school.classIds.length });
  });

  it('ends the session at once when the user row changes outside the app, as another process would change it', async () => {
    expect((await listClasses()).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, school.accounts.admin.id));
    const ended = await listClasses();
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(messages.auth.sessionExpired);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, school.accounts.admin.id));
    expect((await listClasses()).statusCode).toBe(200);
  });

  it("sees a school's new name at once (the school cache is emptied by the same feed)", async () => {
    await t.database.db.update(schools).set({ schoolName: 'Cheap Renamed School' }).where(eq(schools.tenantId, 'cheap'));
    const response = await t.call({ method: 'GET', url: paths.students.page + '?page=0&size=1', tenant: 'cheap', token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.content[0].schoolName).toBe('Cheap Renamed School');
  });
});

describe('the access log', () => {
  it('writes one line per request, with the method, URL and status', async () => {
    const t = await createTestApp();
    const school = await createSchoolFixture(t.database.db, 'logged');
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const config = { ...configFromEnv({ DATA_DIR: '.tmp/test-data', STATIC_DIR: '' }), logLevel: 'info' };
    const app = await buildApp({ db: t.database.db, coordination: t.database, config, jwtSecret: testJwtSecret, logger: { level: 'info', stream } });
    try {
      await app.ready();
      const token = await t.signIn('logged', school.accounts.admin.username, fixturePassword);
      lines.length = 0;
      const response = await app.inject({
        method: 'GET',
        url: `${paths.classes.page}?page=0&size=20`,
        headers: { [headers.tenant]: 'logged', authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: `${paths.classes.page}?page=0&size=20` },
        res: { statusCode: 200 },
      });
      expect(JSON.stringify(lines[0])).not.toContain(token);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe('rate limits', () => {
  it('count in the database: two apps on one database allow the limit once between them', async () => {
    const t = await createTestApp({ rateLimits: { signInPerUsername: 4 } });
    const school = await createSchoolFixture(t.database.db, 'limits');
    const second = await buildApp({ db: t.database.db, coordination: t.database, config: t.app.config, jwtSecret: testJwtSecret, logger: false });
    try {
      await second.ready();
      const attempt = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: paths.authUser,
          headers: { [headers.tenant]: 'limits' },
          payload: { username: school.accounts.teacher.username, password: 'wrong-password-1' },
        });
      const statuses: number[] = [];
      for (const app of [t.app, second, t.app, second, t.app, second]) statuses.push((await attempt(app)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const refused = await attempt(second);
      expect(refused.json().message).toBe(messages.auth.tooManyAttempts);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await second.close();
      await t.close();
    }
  });
});
