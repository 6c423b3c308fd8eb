/**
 * Idempotency-Key on signed-in writes (docs/api.md): applied once; replays return the stored status and
 * body with Idempotent-Replayed; another request under the same key is a 422; a repeat while the
 * first runs is a 409 (PostgreSQL) or waits and replays (PGlite, whose transactions run one at a
 * time); keys are per tenant and per user; answers are kept 90 days; and the stored answer commits
 * together with the write or not at all.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { queryRows } from '../../server/db/rows';
import { classes } from '../../server/db/core-tables';
import { idempotencyKeys } from '../../server/db/service-tables';
import { registerAccessControl } from '../../server/plugins/access';
import { purgeIdempotencyKeys, registerIdempotency } from '../../server/plugins/idempotency';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, signInAll, usingPostgres, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let g: Tokens;
let b: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  blue = await createSchoolFixture(t.database.db, 'blue');
  [g, b] = await Promise.all([signInAll(t, green), signInAll(t, blue)]);
});
afterAll(() => t.close());

const createClass = (tenant: string, token: string, body: object, key?: string) =>
  t.call({ method: 'POST', url: paths.classes.create, tenant, token, payload: body, headers: key ? keyHeader(key) : {} });

async function countClasses(tenantId: string, classSection: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.classSection, classSection)));
  return rows.length;
}

describe('Idempotency-Key', () => {
  it('applies a write once and replays the stored status and body with Idempotent-Replayed', async () => {
    const key = randomUUID();
    const first = await createClass(green.tenantId, g.admin, { className: 'VII', classSection: 'C' }, key);
    expect(first.statusCode).toBe(201);
    expect(isReplay(first)).toBe(false);
    const again = await createClass(green.tenantId, g.admin, { className: 'VII', classSection: 'C' }, key);
    expect(again.statusCode).toBe(201);
    expect(isReplay(again)).toBe(true);
    expect(again.json()).toEqual(first.json());
    expect(await countClasses(green.tenantId, 'C')).toBe(1);
  });

  it('answers 422 to the same key with another body or path, and applies nothing', async () => {
    const key = randomUUID();
    expect((await createClass(green.tenantId, g.admin, { className: 'VII', classSection: 'D' }, key)).statusCode).toBe(201);
    const other = await createClass(green.tenantId, g.admin, { className: 'VII', classSection: 'E' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, message: messages.idempotency.keyReused });
    expect(await countClasses(green.tenantId, 'E')).toBe(0);
    const [created] = await t.database.db.select().from(classes).where(and(eq(classes.tenantId, green.tenantId), eq(classes.classSection, 'D')));
    const otherPath = await t.call({
      method: 'DELETE',
      url: paths.classes.remove(created!.id),
      tenant: green.tenantId,
      token: g.admin,
      headers: keyHeader(key),
    });
    expect(otherPath.statusCode).toBe(422);
    expect(await countClasses(green.tenantId, 'D')).toBe(1);
  });

  it('hashes the body by content: the same fields in another key order are the same request', async () => {
    const key = randomUUID();
    const first = await t.call({
      method: 'POST',
      url: paths.classes.create,
      tenant: green.tenantId,
      token: g.admin,
      headers: { ...keyHeader(key), 'content-type': 'application/json' },
      payload: '{"className":"VII","classSection":"F"}',
    });
    const again = await t.call({
      method: 'POST',
      url: paths.classes.create,
      tenant: green.tenantId,
      token: g.admin,
      headers: { ...keyHeader(key), 'content-type': 'application/json' },
      payload: '{ "classSection": "F", "className": "VII" }',
    });
    expect(first.statusCode).toBe(201);
    expect(isReplay(again)).toBe(true);
  });

  it('scopes keys by user and by tenant', async () => {
    const key = randomUUID();
    const admin = await createClass(green.tenantId, g.admin, { className: 'VIII', classSection: 'G' }, key);
    const teacher = await createClass(green.tenantId, g.teacher, { className: 'VIII', classSection: 'H' }, key);
    const otherSchool = await createClass(blue.tenantId, b.admin, { className: 'VIII', classSection: 'G' }, key);
    for (const response of [admin, teacher, otherSchool]) {
      expect(response.statusCode).toBe(201);
      expect(isReplay(response)).toBe(false);
    }
    expect(await countClasses(green.tenantId, 'G')).toBe(1);
    expect(await countClasses(green.tenantId, 'H')).toBe(1);
    expect(await countClasses(blue.tenantId, 'G')).toBe(1);
  });

  it('stores a rejection (4xx) as the outcome: the replay gives the same answer even after things change', async () => {
    expect((await createClass(green.tenantId, g.admin, { className: 'IX', classSection: 'J' })).statusCode).toBe(201);
    const key = randomUUID();
    const duplicate = await createClass(green.tenantId, g.admin, { className: 'IX', classSection: 'J' }, key);
    expect(duplicate.statusCode).toBe(409);
    const [existing] = await t.database.db.select().from(classes).where(and(eq(classes.tenantId, green.tenantId), eq(classes.classSection, 'J')));
    const removed = await t.call({ method: 'DELETE', url: paths.classes.remove(existing!.id), tenant: green.tenantId, token: g.admin });
    expect(removed.statusCode).toBe(200);
    const replay = await createClass(green.tenantId, g.admin, { className: 'IX', classSection: 'J' }, key);
    expect(replay.statusCode).toBe(409);
    expect(isReplay(replay)).toBe(true);
    expect(replay.json()).toEqual(duplicate.json());
  });

  it('refuses a key that is not a UUID, and works as before without a key', async () => {
    const bad = await createClass(green.tenantId, g.admin, { className: 'X', classSection: 'K' }, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.idempotency.invalidKey);
    expect(await countClasses(green.tenantId, 'K')).toBe(0);
    const plain = await createClass(green.tenantId, g.admin, { className: 'X', classSection: 'K' });
    expect(plain.statusCode).toBe(201);
    expect(isReplay(plain)).toBe(false);
  });

  it('does not key sign-in: authUser with a key signs in each time', async () => {
    const key = randomUUID();
    const signIn = () =>
      t.call({
        method: 'POST',
        url: paths.authUser,
        tenant: green.tenantId,
        headers: keyHeader(key),
        payload: { username: green.accounts.teacher.username, password: fixturePassword },
      });
    const [one, two] = [await signIn(), await signIn()];
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(isReplay(two)).toBe(false);
  });

  it('stores the answer in the write transaction: a failure while storing it leaves no write either', async () => {
    const key = randomUUID();
    // Make storing the answer fail for this one key, as if the process died before the commit.
    await t.database.db.execute(sql.raw(`
      create or replace function test_fail_key() returns trigger as $$
      begin
        if new.key = '${key}'::uuid then raise exception 'simulated crash before commit'; end if;
        return new;
      end $$ language plpgsql`));
    await t.database.db.execute(
      sql.raw('create trigger test_fail_key before insert on idempotency_keys for each row execute function test_fail_key()'),
    );
    const crashed = await createClass(green.tenantId, g.admin, { className: 'XI', classSection: 'L' }, key);
    expect(crashed.statusCode).toBe(500);
    expect(await countClasses(green.tenantId, 'L')).toBe(0);
    await t.database.db.execute(sql.raw('drop trigger test_fail_key on idempotency_keys'));

    const retry = await createClass(green.tenantId, g.admin, { className: 'XI', classSection: 'L' }, key);
    expect(retry.statusCode).toBe(201);
    expect(isReplay(retry)).toBe(false);
    const replay = await createClass(green.tenantId, g.admin, { className: 'XI', classSection: 'L' }, key);
    expect(isReplay(replay)).toBe(true);
    expect(await countClasses(green.tenantId, 'L')).toBe(1);
  });

  it('handles two identical requests at once: applied once, the other a 409 or a replay', async () => {
    const key = randomUUID();
    const body = { className: 'XII', classSection: 'M' };
    const responses = await Promise.all([
      createClass(green.tenantId, g.admin, body, key),
      createClass(green.tenantId, g.admin, body, key),
      createClass(green.tenantId, g.admin, body, key),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(responses.filter((r) => r.statusCode === 201 && !isReplay(r))).toHaveLength(1);
    for (const response of responses) {
      if (response.statusCode === 409) expect(response.json().message).toBe(messages.idempotency.inFlight);
      else expect(response.statusCode).toBe(201);
    }
    if (!usingPostgres) expect(statuses).toEqual([201, 201, 201]); // PGlite: waited, then replayed
    expect(await countClasses(green.tenantId, 'M')).toBe(1);
  });

  it.runIf(usingPostgres)('answers 409 to a repeat while the first is still running, then replays once it is done', async () => {
    const created = await createClass(green.tenantId, g.admin, { className: 'XII', classSection: 'N' });
    const id = created.json().data.id as string;
    const key = randomUUID();
    const update = () =>
      t.call({
        method: 'PUT',
        url: paths.classes.update(id),
        tenant: green.tenantId,
        token: g.admin,
        headers: keyHeader(key),
        payload: { className: 'XII', classSection: 'P' },
      });

    // Hold the class row on another connection: the first request claims its key, then waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from classes where id = ${id} for update`);
      locked();
      await held;
    });
    await isLocked;
    const first = update();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const duplicate = await update();
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ success: false, message: messages.idempotency.inFlight });
    expect(duplicate.headers['retry-after']).toBe('1');
    release();
    await holder;
    expect((await first).statusCode).toBe(200);
    const later = await update();
    expect(later.statusCode).toBe(200);
    expect(isReplay(later)).toBe(true);
  });

  it('keeps answers 90 days: the daily cleanup deletes older ones only', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    for (const [key, days] of [
      [old, 91],
      [recent, 89],
    ] as const) {
      await t.database.db.insert(idempotencyKeys).values({
        tenantId: green.tenantId,
        userId: green.accounts.admin.id,
        key,
        requestHash: 'x',
        status: 200,
        body: JSON.stringify({ success: true, message: 'OK', data: null }),
        createdAt: sql`now() - make_interval(days => ${days})`,
      });
    }
    expect(await purgeIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ key: string }>(
      t.database.db,
      sql`select key::text as key from idempotency_keys where key in (${old}::uuid, ${recent}::uuid)`,
    );
    expect(left.map((row) => row.key)).toEqual([recent]);
  });

  it('refuses to start with a signed-in write route that does not say how it honours the key', async () => {
    const app = Fastify();
    registerAccessControl(app);
    registerIdempotency(app);
    const start = async () => {
      await app.register(
        async (api) => {
          api.post('/forgotten', { config: { access: 'signedIn' } }, async () => ({}));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/runWrite/);
  });
});

describe('Idempotency-Key header names', () => {
  it('are the ones docs/api.md gives', () => {
    expect(headers.idempotencyKey).toBe('Idempotency-Key');
    expect(headers.idempotentReplayed).toBe('Idempotent-Replayed');
  });
});
