/**
 * POST /api/sync/push: many outbox entries in one request, each answered as its direct call would
 * be (same access rules, validation, idempotency store), in order, a refusal never blocking the
 * later entries, an answer the device must retry stopping the batch there.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { pushBatchMaxEntries, type PushResponse } from '../../contract/sync-push';
import { classes } from '../../server/db/core-tables';
import { idempotencyKeys } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { absenceAlerts } from '../../server/modules/notifications/tables';
import { recordQueries } from '../support/query-log';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let g: Tokens;
let b: Tokens;
let classA: string;

let aarav: string;
let diya: string;
let kabir: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'push-green');
  blue = await createSchoolFixture(t.database.db, 'push-blue');
  g = await signInAll(t, green);
  b = await signInAll(t, blue);
  [classA] = green.classIds as [string, string];
  [aarav, diya, kabir] = green.studentIds as [string, string, string];
});
afterAll(() => t.close());

interface Entry {
  id: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

function sheet(date: string, classId = classA, studentIds = [aarav, kabir]): Entry {
  return {
    id: randomUUID(),
    method: 'POST',
    path: paths.attendance.markSheet,
    body: { classId, date, entries: studentIds.map((studentId) => ({ studentId, status: 'present' })) },
  };
}

function push(token: string, entries: Entry[], tenant = green.tenantId) {
  return t.call({ method: 'POST', url: paths.sync.push, tenant, token, payload: { entries } });
}

async function results(token: string, entries: Entry[]) {
  const response = await push(token, entries);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as PushResponse).results;
}

async function marksOn(date: string, tenantId = green.tenantId) {
  return t.database.db
    .select({ studentId: attendance.studentId })
    .from(attendance)
    .where(and(eq(attendance.tenantId, tenantId), eq(attendance.date, date)));
}

async function storedKeys(keys: string[]) {
  const rows = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, green.tenantId));
  const stored = new Set(rows.map((row) => row.key));
  return keys.filter((key) => stored.has(key));
}

describe('POST /api/sync/push', () => {
  it('answers each entry in order as its direct call would; a refusal in the middle does not stop the rest', async () => {
    // diya is not in class A: the whole sheet is refused (400), as a direct call would be.
    const entries = [sheet('2025-08-01'), sheet('2025-08-02', classA, [aarav, diya]), sheet('2025-08-03')];
    const answers = await results(g.teacher, entries);
    expect(answers.map((answer) => [answer.id, answer.status, answer.replayed])).toEqual([
      [entries[0]!.id, 200, false],
      [entries[1]!.id, 400, false],
      [entries[2]!.id, 200, false],
    ]);
    expect(answers[0]!.message).toBe(messages.attendance.saved);
    const direct = await t.call({
      method: 'POST',
      url: paths.attendance.markSheet,
      tenant: green.tenantId,
      token: g.teacher,
      payload: entries[1]!.body as object,
      headers: keyHeader(),
    });
    expect(direct.statusCode).toBe(400);
    expect(answers[1]!.message).toBe(direct.json().message);
    expect(answers[1]!.data).toEqual(direct.json().data);
    expect((await marksOn('2025-08-01')).length).toBe(2);
    expect((await marksOn('2025-08-02')).length).toBe(0);
    expect((await marksOn('2025-08-03')).length).toBe(2);
  });

  it('a resent batch replays every stored answer and writes nothing twice; a direct retry replays the same answer', async () => {
    const entries = [sheet('2025-08-04'), sheet('2025-08-05', classA, [aarav, diya]), sheet('2025-08-06')];
    const first = await results(g.teacher, entries);
    const again = await results(g.teacher, entries);
    expect(again.map((answer) => [answer.status, answer.replayed])).toEqual([
      [200, true],
      [400, true],
      [200, true],
    ]);
    expect(again.map((answer) => answer.data)).toEqual(first.map((answer) => answer.data));
    expect((await marksOn('2025-08-04')).length).toBe(2);
    expect(await storedKeys(entries.map((entry) => entry.id))).toEqual(entries.map((entry) => entry.id));
    const direct = await t.call({
      method: 'POST',
      url: paths.attendance.markSheet,
      tenant: green.tenantId,
      token: g.teacher,
      payload: entries[0]!.body as object,
      headers: keyHeader(entries[0]!.id),
    });
    expect(direct.headers['idempotent-replayed']).toBe('true');
    expect(direct.json().data).toEqual(first[0]!.data);
    // The same key with another body is refused for that entry only, as a direct call is.
    const reused = await results(g.teacher, [{ ...sheet('2025-08-07'), id: entries[2]!.id }, sheet('2025-08-08')]);
    expect(reused.map((answer) => answer.status)).toEqual([422, 200]);
    expect(reused[0]!.message).toBe(messages.idempotency.keyReused);
  });

  it('runs the access rules of each route: a teacher is refused a class they do not teach, a student every sheet', async () => {
    const fixture = await createSchoolFixture(t.database.db, 'push-first', { teacherClasses: 'first' });
    const tokens = await signInAll(t, fixture);
    const [own, other] = fixture.classIds as [string, string];
    const [s0, s1, s2] = fixture.studentIds as [string, string, string];
    const entries: Entry[] = [
      { ...sheet('2025-08-10', other, [s1]) },
      { ...sheet('2025-08-10', own, [s0, s2]) },
    ];
    const answers = (
      await t.call({ method: 'POST', url: paths.sync.push, tenant: fixture.tenantId, token: tokens.teacher, payload: { entries } })
    ).json().data.results as PushResponse['results'];
    expect(answers.map((answer) => answer.status)).toEqual([403, 200]);
    expect(answers[0]!.message).toBe(messages.attendance.notYourClass);
    expect((await marksOn('2025-08-10', fixture.tenantId)).map((row) => row.studentId).sort()).toEqual([s0, s2].sort());

    const asStudent = await results(g.student, [sheet('2025-08-11'), sheet('2025-08-12')]);
    expect(asStudent.map((answer) => answer.status)).toEqual([403, 403]);
    expect((await marksOn('2025-08-11')).length).toBe(0);
  });

  it('stops at an answer the device must retry first (409): later entries are not run', async () => {
    const taken = { id: randomUUID(), method: 'POST' as const, path: paths.classes.create, body: { className: 'V', classSection: 'A' } };
    const later = sheet('2025-08-13');
    const answers = await results(g.admin, [sheet('2025-08-12'), taken, later]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
    expect(answers[1]!.message).toBe(messages.classes.duplicate);
    expect((await marksOn('2025-08-13')).length).toBe(0);
    expect(await storedKeys([later.id])).toEqual([]);
    const named = await t.database.db.select({ id: classes.id }).from(classes).where(and(eq(classes.tenantId, green.tenantId), eq(classes.className, 'V')));
    expect(named.length).toBe(1);
  });

  it('refuses the whole batch without a valid token of that school, and nothing is applied', async () => {
    const entries = [sheet('2025-08-14')];
    expect((await push(b.teacher, entries)).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: paths.sync.push, tenant: green.tenantId, payload: { entries } })).statusCode).toBe(401);
    expect((await marksOn('2025-08-14')).length).toBe(0);
  });

  it('bounds a batch: at most 100 entries, 1 MiB, write methods on API paths only, no batch in a batch', async () => {
    const tooMany = Array.from({ length: pushBatchMaxEntries + 1 }, (_, i) => sheet(`2025-09-${String((i % 28) + 1).padStart(2, '0')}`));
    expect((await push(g.teacher, tooMany)).statusCode).toBe(400);
    const large = { ...sheet('2025-08-15'), body: { classId: classA, date: '2025-08-15', entries: [], pad: 'x'.repeat(1_100_000) } };
    const tooLarge = await push(g.teacher, [large]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(messages.common.payloadTooLarge);
    expect((await push(g.teacher, [{ ...sheet('2025-08-15'), method: 'GET' as 'POST' }])).statusCode).toBe(400);
    expect((await push(g.teacher, [{ ...sheet('2025-08-15'), path: '/health' }])).statusCode).toBe(400);
    expect((await push(g.teacher, [{ ...sheet('2025-08-15'), path: paths.sync.push, body: { entries: [sheet('2025-08-15')] } }])).statusCode).toBe(400);
    expect((await push(g.teacher, [])).statusCode).toBe(400);
    expect((await marksOn('2025-08-15')).length).toBe(0);
  });
});



describe('a run of sheets applied together (module-kit/batch-writes.ts)', () => {
  const absentAarav = (date: string): Entry => ({
    id: randomUUID(),
    method: 'POST',
    path: paths.attendance.markSheet,
    body: {
      classId: classA,
      date,
      deviceMarkedAt: `${date}T03:30:00.000Z`,
      entries: [
        { studentId: aarav, status: 'absent' },
        { studentId: kabir, status: 'late', remark: 'Bus' },
      ],
    },
  });

  /** An answer without what differs between two writes of the same sheet on two dates. */
  const shape = (answer: { status: number; message: string; data: unknown }) => {
    const data = answer.data as { classId: string; conflicts: unknown[]; records: Record<string, unknown>[] };
    return {
      status: answer.status,
      message: answer.message,
      classId: data.classId,
      conflicts: data.conflicts,
      records: data.records.map((record) => ({ studentId: record.studentId, status: record.status, remark: record.remark, markedBy: record.markedBy })),
    };
  };

  it('applies a backlog in one transaction, with the answers, marks, stored keys and alerts of one sheet at a time', async () => {
    const together = ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04', '2025-10-05'].map(absentAarav);
    const alone = ['2025-11-01', '2025-11-02', '2025-11-03', '2025-11-04', '2025-11-05'].map(absentAarav);
    const log = recordQueries(t.database.db);
    let answers: PushResponse['results'] = [];
    const statements = await log.during(async () => {
      answers = await results(g.admin, together);
    });
    log.stop();
    const directAnswers = [];
    for (const entry of alone) {
      const response = await t.call({ method: 'POST', url: entry.path, tenant: green.tenantId, token: g.admin, payload: entry.body as object, headers: keyHeader(entry.id) });
      directAnswers.push({ status: response.statusCode, ...(response.json() as { message: string; data: unknown }) });
    }

    expect(answers.map((answer) => [answer.id, answer.replayed])).toEqual(together.map((entry) => [entry.id, false]));
    expect(answers.map(shape)).toEqual(directAnswers.map(shape));
    expect(answers[0]!.message).toBe(messages.attendance.saved);
    // One statement writes the five sheets' marks, one stores the five answers.
    expect(statements.filter((query) => query.sql.startsWith('insert into "attendance"')).length).toBe(1);
    expect(statements.filter((query) => query.sql.startsWith('insert into "idempotency_keys"')).length).toBe(1);
    for (const entry of together) expect((await marksOn((entry.body as { date: string }).date)).length).toBe(2);
    expect(await storedKeys(together.map((entry) => entry.id))).toEqual(together.map((entry) => entry.id));

    // The stored answer is the one the batch gave: a direct retry replays it.
    const retry = await t.call({ method: 'POST', url: together[2]!.path, tenant: green.tenantId, token: g.admin, payload: together[2]!.body as object, headers: keyHeader(together[2]!.id) });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(answers[2]!.data);

    // Aarav's parent is told once per day, as one sheet at a time tells them.
    const alerted = async (entries: Entry[]) =>
      (
        await t.database.db
          .select({ studentId: absenceAlerts.studentId })
          .from(absenceAlerts)
          .where(and(eq(absenceAlerts.tenantId, green.tenantId), inArray(absenceAlerts.date, entries.map((entry) => (entry.body as { date: string }).date))))
      ).length;
    expect(await alerted(together)).toBe(await alerted(alone));
    expect(await alerted(together)).toBe(10);
  });

  it('sheets of one run that mark the same student and date go one at a time: the later one sees the earlier', async () => {
    const first = sheet('2025-10-10');
    const changed: Entry = {
      ...sheet('2025-10-10'),
      body: { classId: classA, date: '2025-10-10', entries: [{ studentId: aarav, status: 'absent' }, { studentId: kabir, status: 'present' }] },
    };
    const answers = await results(g.teacher, [first, changed, sheet('2025-10-11')]);
    expect(answers.map((answer) => [answer.status, answer.message])).toEqual([
      [200, messages.attendance.saved],
      [200, messages.attendance.savedWithConflicts(1)],
      [200, messages.attendance.saved],
    ]);
    expect(await storedKeys([first.id, changed.id])).toEqual([first.id, changed.id]);
  });

  it('an entry the route would refuse before its work ends the run; the entries after it still go together', async () => {
    const entries = [
      sheet('2025-10-20'),
      sheet('2025-10-21'),
      { ...sheet('2025-10-22'), body: { classId: classA, date: '2025-10-22', entries: [{ studentId: aarav, status: 'sleeping' }] } },
      sheet('2025-10-23'),
      sheet('2025-10-24'),
    ];
    const log = recordQueries(t.database.db);
    let answers: PushResponse['results'] = [];
    const statements = await log.during(async () => {
      answers = await results(g.teacher, entries);
    });
    log.stop();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 200, 200]);
    // Two runs of two sheets, each in one statement; the refused entry writes nothing.
    expect(statements.filter((query) => query.sql.startsWith('insert into "attendance"')).length).toBe(2);
    expect((await marksOn('2025-10-22')).length).toBe(0);
    // As a direct call: a body the schema refuses is answered before the key is claimed.
    const kept = entries.filter((_, index) => index !== 2).map((entry) => entry.id);
    expect(await storedKeys(entries.map((entry) => entry.id))).toEqual(kept);
  });
});
