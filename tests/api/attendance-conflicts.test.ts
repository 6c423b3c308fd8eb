/**
 * Conflicts without trusting clocks (docs/sync.md): a change based on an older rev than the server's
 * copy is kept in record_history and answered with a notice; the first version to reach the school
 * wins (test 12); deletes win over concurrent edits; re-sending changes nothing; device clocks at
 * 1970 or a day ahead change no outcome (test 11).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSheetResult } from '../../contract/attendance';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { recordHistory } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let g: Tokens;
let classA: string;
let aarav: string;
let kabir: string;

/** One school; every scenario uses its own date, so they do not meet. */
beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  g = await signInAll(t, green);
  classA = green.classIds[0]!;
  [aarav, , kabir] = green.studentIds as [string, string, string];
});
afterAll(() => t.close());

const app = () => t;

async function mark(token: string, payload: object, key = randomUUID()) {
  const response = await app().call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant: green.tenantId,
    token,
    payload,
    headers: keyHeader(key),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, result: response.json().data as MarkSheetResult };
}

const history = (recordId: string) =>
  app()
    .database.db.select()
    .from(recordHistory)
    .where(and(eq(recordHistory.tenantId, green.tenantId), eq(recordHistory.recordId, recordId)))
    .orderBy(asc(recordHistory.createdAt));

const liveRows = (studentId: string, date: string) =>
  app()
    .database.db.select()
    .from(attendance)
    .where(and(eq(attendance.tenantId, green.tenantId), eq(attendance.studentId, studentId), eq(attendance.date, date)));

/** Two teachers mark the same student offline (no baseRev), with different statuses and clocks. */
async function twoTeachersOffline(date: string, clocks: { first: string; second: string }) {
  const first = await mark(g.teacher, {
    classId: classA,
    date,
    entries: [{ studentId: aarav, status: 'absent' }],
    deviceMarkedAt: clocks.first,
  });
  const secondKey = randomUUID();
  const sheet = { classId: classA, date, entries: [{ studentId: aarav, status: 'late', remark: 'Came at 10' }], deviceMarkedAt: clocks.second };
  const second = await mark(g.admin, sheet, secondKey);
  return { first, second, sheet, secondKey };
}

describe('a mark nobody chose (the sheet\'s "everyone present until changed")', () => {
  it('leaves the school\'s mark standing, with no notice and nothing in history; where the school has none it is written', async () => {
    const date = '2025-07-20';
    const school = await mark(g.admin, { classId: classA, date, entries: [{ studentId: aarav, status: 'absent', remark: 'fever' }] });
    const kept = school.result.records[0]!;
    // A device that never saw the school's sheet: Aarav and Kabir as it assumed them.
    const { response, result } = await mark(g.teacher, {
      classId: classA,
      date,
      entries: [
        { studentId: aarav, status: 'present', assumed: true },
        { studentId: kabir, status: 'present', assumed: true },
      ],
    });
    expect(response.json().message).toBe(messages.attendance.saved);
    expect(result.conflicts).toEqual([]);
    expect(result.records[0]).toEqual(kept);
    expect(result.records[1]).toMatchObject({ studentId: kabir, status: 'present', markedBy: green.accounts.teacher.id });
    expect(await liveRows(aarav, date)).toEqual([expect.objectContaining({ id: kept.id, status: 'absent', remark: 'fever', rev: kept.rev })]);
    expect(await history(kept.id)).toEqual([]);
  });

  it('a chosen mark beside it still meets the school\'s with a notice: only what the person chose takes part', async () => {
    const date = '2025-07-21';
    await mark(g.admin, {
      classId: classA,
      date,
      entries: [
        { studentId: aarav, status: 'present' },
        { studentId: kabir, status: 'late' },
      ],
    });
    const { result } = await mark(g.teacher, {
      classId: classA,
      date,
      entries: [
        { studentId: aarav, status: 'absent' },
        { studentId: kabir, status: 'present', assumed: true },
      ],
    });
    expect(result.conflicts.map((notice) => [notice.yours.studentId, notice.yours.status, notice.kept?.status])).toEqual([[aarav, 'absent', 'present']]);
    expect(result.records.map((record) => [record.studentId, record.status])).toEqual([
      [aarav, 'present'],
      [kabir, 'late'],
    ]);
    const [aaravRow] = await liveRows(aarav, date);
    const [kabirRow] = await liveRows(kabir, date);
    expect(await history(aaravRow!.id)).toHaveLength(1);
    expect(await history(kabirRow!.id)).toEqual([]);
  });
});

describe('two teachers mark the same student offline (docs/sync.md test 12)', () => {
  it('keeps the version that reached the school first; the other goes to history with a notice', async () => {
    const { first, second } = await twoTeachersOffline('2025-07-01', { first: new Date().toISOString(), second: new Date().toISOString() });
    const kept = first.result.records[0]!;
    expect(kept.status).toBe('absent');
    expect(second.response.json().message).toBe(messages.attendance.savedWithConflicts(1));
    expect(second.result.records).toEqual([kept]);
    expect(second.result.conflicts).toHaveLength(1);
    expect(second.result.conflicts[0]).toMatchObject({
      entity: 'attendance',
      id: kept.id,
      reason: 'changed',
      kept,
      yours: { studentId: aarav, classId: classA, date: '2025-07-01', status: 'late', remark: 'Came at 10', baseRev: null },
      message: messages.attendance.changedElsewhere,
    });
    const rows = await history(kept.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'attendance',
      recordId: kept.id,
      authorUserId: green.accounts.admin.id,
      reason: 'changed',
      keptRev: kept.rev,
      payload: second.result.conflicts[0]!.yours,
    });
    expect(await liveRows(aarav, '2025-07-01')).toHaveLength(1);
  });

  it('changes nothing when the losing change is sent again, with its key or a new one', async () => {
    const { first, sheet, secondKey } = await twoTeachersOffline('2025-07-10', { first: new Date().toISOString(), second: new Date().toISOString() });
    const replay = await mark(g.admin, sheet, secondKey);
    expect(isReplay(replay.response)).toBe(true);
    const resent = await mark(g.admin, sheet);
    expect(resent.result.conflicts).toHaveLength(1);
    expect(resent.result.records[0]).toEqual(first.result.records[0]);
    expect(await history(first.result.records[0]!.id)).toHaveLength(1);
  });

  it('decides the same with device clocks at 1970 and a day ahead (docs/sync.md test 11)', async () => {
    const dayAhead = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const { first, second } = await twoTeachersOffline('2025-07-11', { first: dayAhead, second: '1970-01-01T00:00:00.000Z' });
    expect(first.result.records[0]).toMatchObject({ status: 'absent', deviceMarkedAt: null });
    expect(second.result.conflicts).toHaveLength(1);
    expect(second.result.records[0]?.status).toBe('absent');

    // And the other way round: the clocks never make the later arrival win.
    const swapped = await mark(g.teacher, {
      classId: classA,
      date: '2025-07-02',
      entries: [{ studentId: kabir, status: 'present' }],
      deviceMarkedAt: '1970-01-01T00:00:00.000Z',
    });
    const later = await mark(g.admin, {
      classId: classA,
      date: '2025-07-02',
      entries: [{ studentId: kabir, status: 'absent' }],
      deviceMarkedAt: dayAhead,
    });
    expect(swapped.result.records[0]?.deviceMarkedAt).toBeNull();
    expect(later.result.records[0]?.status).toBe('present');
    expect(later.result.conflicts).toHaveLength(1);
  });

  it('keeps a plausible device time as information only', async () => {
    const tapped = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    const { result } = await mark(g.teacher, { classId: classA, date: '2025-07-03', entries: [{ studentId: aarav, status: 'present' }], deviceMarkedAt: tapped });
    expect(result.records[0]?.deviceMarkedAt).toBe(tapped);
    expect(Date.parse(result.records[0]!.markedAt)).toBeGreaterThan(Date.parse(tapped));
  });
});

describe('a change based on an older rev', () => {
  it('is not applied over a newer server copy, and is kept in history', async () => {
    const created = (await mark(g.teacher, { classId: classA, date: '2025-07-04', entries: [{ studentId: aarav, status: 'present' }] })).result
      .records[0]!;
    const edited = (
      await mark(g.admin, { classId: classA, date: '2025-07-04', entries: [{ studentId: aarav, status: 'absent', baseRev: created.rev }] })
    ).result.records[0]!;
    const stale = await mark(g.teacher, {
      classId: classA,
      date: '2025-07-04',
      entries: [{ studentId: aarav, status: 'leave', baseRev: created.rev }],
    });
    expect(stale.result.records[0]).toEqual(edited);
    expect(stale.result.conflicts[0]).toMatchObject({ reason: 'changed', kept: edited, yours: { status: 'leave', baseRev: created.rev } });
    expect((await history(edited.id))[0]).toMatchObject({ reason: 'changed', keptRev: edited.rev, authorUserId: green.accounts.teacher.id });
  });

  it('with the same content as the server has now is no conflict at all', async () => {
    const created = (await mark(g.teacher, { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'present' }] })).result
      .records[0]!;
    await mark(g.admin, { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'absent', baseRev: created.rev }] });
    const same = await mark(g.teacher, { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'absent', baseRev: created.rev }] });
    expect(same.result.conflicts).toEqual([]);
    expect(await history(created.id)).toHaveLength(0);
  });
});

describe('deletes win over concurrent edits', () => {
  it('keeps a record deleted when an edit based on its old rev arrives, and keeps the edit in history', async () => {
    const created = (await mark(g.teacher, { classId: classA, date: '2025-07-07', entries: [{ studentId: aarav, status: 'present' }] })).result
      .records[0]!;
    const removed = await app().call({
      method: 'DELETE',
      url: paths.attendance.remove(created.id),
      tenant: green.tenantId,
      token: g.admin,
      headers: keyHeader(),
    });
    expect(removed.statusCode).toBe(200);
    const edit = await mark(g.teacher, { classId: classA, date: '2025-07-07', entries: [{ studentId: aarav, status: 'absent', baseRev: created.rev }] });
    expect(edit.result.records).toEqual([]);
    expect(edit.result.conflicts[0]).toMatchObject({
      entity: 'attendance',
      id: created.id,
      reason: 'deleted',
      kept: null,
      message: messages.attendance.deletedElsewhere,
    });
    expect(await liveRows(aarav, '2025-07-07').then((rows) => rows.filter((row) => row.deletedAt === null))).toHaveLength(0);
    expect((await history(created.id))[0]).toMatchObject({ reason: 'deleted', recordId: created.id });
  });

  it('lets a new mark (not based on the deleted record) create a fresh record', async () => {
    const created = (await mark(g.teacher, { classId: classA, date: '2025-07-08', entries: [{ studentId: aarav, status: 'present' }] })).result
      .records[0]!;
    await app().call({ method: 'DELETE', url: paths.attendance.remove(created.id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    const fresh = await mark(g.teacher, { classId: classA, date: '2025-07-08', entries: [{ studentId: aarav, status: 'late' }] });
    expect(fresh.result.conflicts).toEqual([]);
    expect(fresh.result.records[0]).toMatchObject({ status: 'late' });
    expect(fresh.result.records[0]?.id).not.toBe(created.id);
  });
});
