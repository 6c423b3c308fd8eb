/**
 * Sheets that arrive together are written together (server/module-kit/write-combiner.ts): at 9 am
 * every class teacher saves at once. A sheet that finds fewer than two of the school's writes in
 * flight goes at once; those arriving meanwhile go in one transaction, each answered, stored and replayed as it would have been
 * alone, each checked against its own teacher's rule. A group with a refusal goes one at a time.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { idempotencyKeys } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { recordQueries } from '../support/query-log';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { keyHeader, signInAll, usingPostgres, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let school: SchoolFixture;
let tokens: Tokens;
let classA: string;
let classB: string;

beforeAll(async () => {
  t = await createTestApp();
  // The teacher teaches V-A only: VI-B is the admin's to mark.
  school = await createSchoolFixture(t.database.db, 'together', { teacherClasses: 'first' });
  tokens = await signInAll(t, school);
  [classA, classB] = school.classIds as [string, string];
});
afterAll(() => t.close());

interface Sent {
  token: string;
  key: string;
  body: { classId: string; date: string; entries: { studentId: string; status: string }[] };
}

const [aarav, diya, kabir] = ['0', '1', '2'].map(Number);

function sheet(token: string, classId: string, date: string, students?: string[]): Sent {
  const ids = students ?? (classId === classA ? [school.studentIds[aarav]!, school.studentIds[kabir]!] : [school.studentIds[diya]!]);
  return { token, key: randomUUID(), body: { classId, date, entries: ids.map((studentId, i) => ({ studentId, status: i === 0 ? 'absent' : 'present' })) } };
}

const send = (one: Sent) =>
  t.call({ method: 'POST', url: paths.attendance.markSheet, tenant: school.tenantId, token: one.token, payload: one.body, headers: keyHeader(one.key) });

/** All at once, as at 9 am; the statements the app ran meanwhile. */
async function atOnce(sheets: Sent[]): Promise<{ answers: LightMyRequestResponse[]; inserts: number }> {
  const log = recordQueries(t.database.db);
  let answers: LightMyRequestResponse[] = [];
  const statements = await log.during(async () => {
    answers = await Promise.all(sheets.map(send));
  });
  log.stop();
  return { answers, inserts: statements.filter((query) => query.sql.startsWith('insert into "attendance"')).length };
}

async function storedKeys(keys: string[]) {
  const rows = await t.database.db.select({ key: idempotencyKeys.key, status: idempotencyKeys.status }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys));
  return new Map(rows.map((row) => [row.key, row.status]));
}

describe('sheets that arrive together', () => {
  it('go in one transaction after the first, each answered, stored and replayed as alone', async () => {
    const sheets = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07', '2025-11-08'].map((date, i) =>
      i % 2 === 0 ? sheet(tokens.teacher, classA, date) : sheet(tokens.admin, classB, date),
    );
    // The first two sheets' records exist and another connection holds them, so the two writes a
    // school has in flight at most wait while the other four arrive (PostgreSQL; PGlite has one
    // connection and runs requests' reads one after another, so there they arrive one by one and go alone).
    expect((await send({ ...sheets[0]!, key: randomUUID() })).statusCode).toBe(200);
    expect((await send({ ...sheets[1]!, key: randomUUID() })).statusCode).toBe(200);
    let answers: LightMyRequestResponse[] = [];
    let inserts = 0;
    if (usingPostgres) {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from attendance where tenant_id = ${school.tenantId} and date in ('2025-11-03', '2025-11-04') for update`);
        const sent = atOnce(sheets);
        await new Promise((resolve) => setTimeout(resolve, 500));
        void sent.then((done) => ({ answers, inserts } = done));
      });
      await vi.waitFor(() => expect(answers).toHaveLength(sheets.length), { timeout: 10_000 });
      // The four that arrived while the first two waited went in one statement.
      expect(inserts).toBe(1);
    } else {
      ({ answers } = await atOnce(sheets));
    }
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual(sheets.map(() => [200, messages.attendance.saved]));
    for (const [i, one] of sheets.entries()) {
      const records = answers[i]!.json().data.records as { studentId: string; markedBy: string; date: string }[];
      expect(records.map((record) => record.studentId)).toEqual(one.body.entries.map((entry) => entry.studentId));
      expect(records.every((record) => record.date === one.body.date)).toBe(true);
      expect(records.every((record) => record.markedBy === school.accounts[i % 2 === 0 ? 'teacher' : 'admin'].id)).toBe(true);
    }
    const stored = await storedKeys(sheets.map((one) => one.key));
    expect(sheets.map((one) => stored.get(one.key))).toEqual(sheets.map(() => 200));
    const retry = await send(sheets[3]!);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(answers[3]!.json().data);
    const marks = await t.database.db
      .select({ date: attendance.date })
      .from(attendance)
      .where(and(eq(attendance.tenantId, school.tenantId), inArray(attendance.date, sheets.map((one) => one.body.date))));
    expect(marks).toHaveLength(3 * 2 + 3 * 1);
  });

  it('a refusal in a group sends its sheets one at a time: the others are written, each teacher held to their own classes', async () => {
    const sheets = [
      sheet(tokens.admin, classA, '2025-11-10'),
      sheet(tokens.admin, classB, '2025-11-10'),
      // The teacher does not teach VI-B.
      sheet(tokens.teacher, classB, '2025-11-11'),
      sheet(tokens.teacher, classA, '2025-11-11'),
      // Diya is not in V-A.
      sheet(tokens.admin, classA, '2025-11-12', [school.studentIds[diya]!]),
    ];
    const { answers } = await atOnce(sheets);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 403, 200, 400]);
    expect(answers[2]!.json().message).toBe(messages.attendance.notYourClass);
    expect(answers[4]!.json().message).toBe(messages.attendance.notInClass);
    const stored = await storedKeys(sheets.map((one) => one.key));
    expect(sheets.map((one) => stored.get(one.key))).toEqual([200, 200, 403, 200, 400]);
    const written = await t.database.db
      .select({ studentId: attendance.studentId, date: attendance.date })
      .from(attendance)
      .where(and(eq(attendance.tenantId, school.tenantId), inArray(attendance.date, ['2025-11-10', '2025-11-11', '2025-11-12'])));
    expect(written.filter((row) => row.date === '2025-11-10')).toHaveLength(3);
    expect(written.filter((row) => row.date === '2025-11-11')).toHaveLength(2);
    expect(written.filter((row) => row.date === '2025-11-12')).toHaveLength(0);
  });

  // PGlite has one connection: a lock held by another transaction there would hold up every request.
  it.skipIf(!usingPostgres)('a sheet held up by a lock does not hold up the next one: two writes of a school are in flight at once', async () => {
    const held = sheet(tokens.teacher, classA, '2025-11-17');
    expect((await send({ ...held, key: randomUUID() })).statusCode).toBe(200);
    const next = sheet(tokens.admin, classB, '2025-11-18');
    let heldAnswer: LightMyRequestResponse | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from attendance where tenant_id = ${school.tenantId} and date = '2025-11-17' for update`);
      void send(held).then((answer) => (heldAnswer = answer));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await send(next);
      expect([answer.statusCode, answer.json().message]).toEqual([200, messages.attendance.saved]);
      expect(heldAnswer).toBeUndefined();
    });
    await vi.waitFor(() => expect(heldAnswer?.statusCode).toBe(200));
  });
});
