/**
 * /api/forgotPassword and /api/verifyOtp do the same work for an address with an account and one
 * without: the same SQL statements in the same order (read from a query log, the deterministic
 * check), the same answers, and no response time that tells the two apart (a loose check with
 * wide bounds, so it holds on a loaded machine: docs/decisions.md, Hardening).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { users } from '../../server/db/core-tables';
import { passwordResetCodes } from '../../server/modules/password/tables';
import { createSchoolFixture } from '../support/school-fixtures';
import { readsTheSchool, recordQueries, type QueryLog } from '../support/query-log';
import { createTestApp, type TestApp } from '../support/test-app';

const rounds = 200;
let t: TestApp;
let log: QueryLog;

/** Accounts that each get one request, so every known request does the full work (a fresh code). */
const known = Array.from({ length: rounds + 2 }, (_, i) => `known${i}@example.in`);
const unknown = Array.from({ length: rounds + 2 }, (_, i) => `nobody${i}@example.in`);

beforeAll(async () => {
  // No SMTP: codes go to the (silent) log mailer, so no network work follows a known request.
  t = await createTestApp({ rateLimits: { resetPerIp: 100_000, resetPerAddress: 100_000 } });
  const fixture = await createSchoolFixture(t.database.db, 'green');
  const [{ passwordHash } = { passwordHash: '' }] = await t.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .limit(1);
  await t.database.db.insert(users).values(
    known.map((username) => ({ id: randomUUID(), tenantId: fixture.tenantId, username, passwordHash, role: 'teacher' as const, status: 'active' as const })),
  );
  log = recordQueries(t.database.db);
  // The first request of a school reads it into the access cache: not part of either path.
  await forgot(unknown.at(-2)!);
});
afterAll(async () => {
  log.stop();
  await t.close();
});

const forgot = (email: string) => t.call({ method: 'POST', url: paths.forgotPassword, tenant: 'green', payload: { email } });
const verify = (email: string) => t.call({ method: 'POST', url: paths.verifyOtp, tenant: 'green', payload: { email, otp: '2468' } });

/** The statements a request ran, with parameters left out (they name the address). */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  await log.quiet();
  return (await log.during(call)).map((query) => query.sql).filter((sql) => !readsTheSchool(sql));
}

/** Gives every known account a live code that no 4-digit entry matches (a hash of nothing). */
async function liveCodesForKnown() {
  const rows = await t.database.db.select({ id: users.id, tenantId: users.tenantId, username: users.username }).from(users);
  const wanted = rows.filter((row) => known.includes(row.username));
  await t.database.db.delete(passwordResetCodes);
  await t.database.db.insert(passwordResetCodes).values(
    wanted.map((row) => ({
      id: randomUUID(),
      tenantId: row.tenantId,
      userId: row.id,
      codeHash: 'ab'.repeat(32),
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Alternates known and unknown requests and answers how often "known if slower than the pooled
 * median" is right (0.5 is a coin toss), with both medians in milliseconds.
 */
async function timeBoth(call: (email: string) => Promise<unknown>, firstRound: number) {
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  const timed = async (email: string) => {
    const start = performance.now();
    await call(email);
    return performance.now() - start;
  };
  for (let i = firstRound; i < firstRound + rounds; i += 1) {
    // Which goes first alternates too, so neither side always follows the other's leftovers.
    if (i % 2) {
      knownTimes.push(await timed(known[i % known.length]!));
      unknownTimes.push(await timed(unknown[i % unknown.length]!));
    } else {
      unknownTimes.push(await timed(unknown[i % unknown.length]!));
      knownTimes.push(await timed(known[i % known.length]!));
    }
  }
  const pooled = median([...knownTimes, ...unknownTimes]);
  const right = knownTimes.filter((time) => time > pooled).length + unknownTimes.filter((time) => time <= pooled).length;
  return { accuracy: right / (2 * rounds), knownMs: median(knownTimes), unknownMs: median(unknownTimes) };
}

describe('POST /api/forgotPassword', () => {
  it('runs the same statements and answers the same for a known and an unknown address', async () => {
    const knownStatements = await statementsOf(async () => expect((await forgot(known.at(-1)!)).statusCode).toBe(200));
    let unknownAnswer = '';
    const unknownStatements = await statementsOf(async () => {
      unknownAnswer = (await forgot(unknown.at(-1)!)).body;
    });
    expect(knownStatements.length).toBeGreaterThan(0);
    expect(unknownStatements).toEqual(knownStatements);
    expect(unknownAnswer).toBe((await forgot(known.at(-2)!)).body);
  });

  it('takes no time that tells a known address from an unknown one', async () => {
    const result = await timeBoth(forgot, 0);
    console.info(`forgotPassword: known ${result.knownMs.toFixed(2)} ms, unknown ${result.unknownMs.toFixed(2)} ms, classifier right ${(result.accuracy * 100).toFixed(1)} %`);
    expect(result.accuracy).toBeLessThanOrEqual(0.65);
  }, 120_000);
});

describe('POST /api/verifyOtp', () => {
  it('runs the same statements and answers the same for a known address with a live code and an unknown one', async () => {
    await liveCodesForKnown();
    let knownAnswer = '';
    const knownStatements = await statementsOf(async () => {
      knownAnswer = (await verify(known.at(-1)!)).body;
    });
    let unknownAnswer = '';
    const unknownStatements = await statementsOf(async () => {
      unknownAnswer = (await verify(unknown.at(-1)!)).body;
    });
    expect(knownStatements.length).toBeGreaterThan(0);
    expect(unknownStatements).toEqual(knownStatements);
    expect(unknownAnswer).toBe(knownAnswer);
  });

  it('takes no time that tells a known address from an unknown one', async () => {
    await liveCodesForKnown();
    const result = await timeBoth(verify, 0);
    console.info(`verifyOtp: known ${result.knownMs.toFixed(2)} ms, unknown ${result.unknownMs.toFixed(2)} ms, classifier right ${(result.accuracy * 100).toFixed(1)} %`);
    expect(result.accuracy).toBeLessThanOrEqual(0.65);
  }, 120_000);
});
