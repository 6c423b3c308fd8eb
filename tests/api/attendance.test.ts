/**
 * Attendance over the API: marking a sheet, reading it back, a student's range, a class's month,
 * who may do what, and input that must never half-apply or crash.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceRecord, AttendanceSheet, ClassSummary, MarkSheetResult, StudentAttendance } from '../../contract/attendance';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { attendance } from '../../server/modules/attendance/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let g: Tokens;
/** green: class 0 holds students 0 and 2, class 1 holds student 1 (the parent's children are 0 and 1). */
let classA: string;
let classB: string;
let aarav: string;
let diya: string;
let kabir: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  blue = await createSchoolFixture(t.database.db, 'blue');
  g = await signInAll(t, green);
  [classA, classB] = green.classIds as [string, string];
  [aarav, diya, kabir] = green.studentIds as [string, string, string];
});
afterAll(() => t.close());

function mark(token: string, payload: unknown, options: { tenant?: string; key?: string } = {}) {
  return t.call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant: options.tenant ?? green.tenantId,
    token,
    payload: payload as object,
    headers: keyHeader(options.key),
  });
}

async function rowCount(tenantId = green.tenantId): Promise<number> {
  return (await t.database.db.select({ id: attendance.id }).from(attendance).where(eq(attendance.tenantId, tenantId))).length;
}

describe('POST mark-sheet', () => {
  it('records a class and date as one sheet and answers every record', async () => {
    const response = await mark(g.teacher, {
      classId: classA,
      date: '2025-07-01',
      entries: [
        { studentId: aarav, status: 'present' },
        { studentId: kabir, status: 'late', remark: 'Bus was late' },
      ],
      deviceMarkedAt: new Date().toISOString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.attendance.saved);
    const result = response.json().data as MarkSheetResult;
    expect(result.conflicts).toEqual([]);
    expect(result.records.map((r) => [r.studentId, r.status, r.remark])).toEqual([
      [aarav, 'present', ''],
      [kabir, 'late', 'Bus was late'],
    ]);
    for (const record of result.records) {
      expect(record).toMatchObject({ classId: classA, date: '2025-07-01', markedBy: green.accounts.teacher.id });
      expect(record.rev).toBeGreaterThan(0);
      expect(record.deviceMarkedAt).not.toBeNull();
    }
  });

  it('keeps a device-minted id for a record it creates', async () => {
    const id = randomUUID();
    const response = await mark(g.teacher, { classId: classB, date: '2025-07-01', entries: [{ id, studentId: diya, status: 'absent' }] });
    expect(response.statusCode).toBe(200);
    expect((response.json().data as MarkSheetResult).records[0]?.id).toBe(id);
  });

  it('changes nothing when the same change arrives again (new key), and replays with the same key', async () => {
    const key = randomUUID();
    const sheet = { classId: classA, date: '2025-07-02', entries: [{ studentId: aarav, status: 'absent' }] };
    const first = (await mark(g.teacher, sheet, { key })).json().data as MarkSheetResult;
    const replay = await mark(g.teacher, sheet, { key });
    expect(isReplay(replay)).toBe(true);
    const again = (await mark(g.teacher, sheet)).json().data as MarkSheetResult;
    expect(again.conflicts).toEqual([]);
    expect(again.records[0]?.rev).toBe(first.records[0]?.rev);
  });

  it('applies an edit based on the current rev', async () => {
    const first = (await mark(g.teacher, { classId: classA, date: '2025-07-03', entries: [{ studentId: aarav, status: 'present' }] })).json()
      .data as MarkSheetResult;
    const base = first.records[0] as AttendanceRecord;
    const edited = (
      await mark(g.admin, {
        classId: classA,
        date: '2025-07-03',
        entries: [{ studentId: aarav, status: 'leave', remark: 'Fever', baseRev: base.rev }],
      })
    ).json().data as MarkSheetResult;
    expect(edited.conflicts).toEqual([]);
    expect(edited.records[0]).toMatchObject({ id: base.id, status: 'leave', remark: 'Fever', markedBy: green.accounts.admin.id });
    expect(edited.records[0]!.rev).toBeGreaterThan(base.rev);
  });

  it('refuses a sheet with a student of another class or school, and writes none of it', async () => {
    const before = await rowCount();
    const foreign = [diya, blue.studentIds[0]!, randomUUID()];
    for (const stranger of foreign) {
      const response = await mark(g.teacher, {
        classId: classA,
        date: '2025-07-04',
        entries: [
          { studentId: aarav, status: 'present' },
          { studentId: stranger, status: 'present' },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: messages.attendance.notInClass });
      expect(response.json().data.studentIds).toEqual([stranger]);
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers malformed input with a 400, never a 500, and writes nothing', async () => {
    const before = await rowCount();
    const bad: unknown[] = [
      { classId: classA, date: '2025-02-30', entries: [{ studentId: aarav, status: 'present' }] },
      { classId: classA, date: '2025-7-1', entries: [{ studentId: aarav, status: 'present' }] },
      { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'sick' }] },
      { classId: classA, date: '2025-07-05', entries: [] },
      { classId: 'not-a-uuid', date: '2025-07-05', entries: [{ studentId: aarav, status: 'present' }] },
      { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'present', baseRev: -1 }] },
      { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'present', remark: 'x'.repeat(201) }] },
      { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'present' }], deviceMarkedAt: 'yesterday' },
      {
        classId: classA,
        date: '2025-07-05',
        entries: [
          { studentId: aarav, status: 'present' },
          { studentId: aarav, status: 'absent' },
        ],
      },
      [],
      null,
    ];
    for (const payload of bad) {
      const response = await mark(g.teacher, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const raw = await t.call({
      method: 'POST',
      url: paths.attendance.markSheet,
      tenant: green.tenantId,
      token: g.teacher,
      headers: { 'content-type': 'application/json', ...keyHeader() },
      payload: '{"classId": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await mark(g.teacher, 'text')).statusCode).toBe(415);
    expect(await rowCount()).toBe(before);
  });

  it('answers 404 for a class of another school, and lets no student or parent mark', async () => {
    const other = await mark(g.teacher, { classId: blue.classIds[0], date: '2025-07-05', entries: [{ studentId: blue.studentIds[0], status: 'present' }] });
    expect(other.statusCode).toBe(404);
    for (const token of [g.student, g.parent]) {
      const response = await mark(token, { classId: classA, date: '2025-07-05', entries: [{ studentId: aarav, status: 'present' }] });
      expect(response.statusCode).toBe(403);
    }
  });

  it("rejects school A's token sent as school B (docs/sync.md test 8) and applies nothing in either", async () => {
    const [beforeGreen, beforeBlue] = [await rowCount(green.tenantId), await rowCount(blue.tenantId)];
    for (const classId of [classA, blue.classIds[0]]) {
      const response = await mark(g.teacher, { classId, date: '2025-07-06', entries: [{ studentId: aarav, status: 'present' }] }, { tenant: blue.tenantId });
      expect(response.statusCode).toBe(401);
    }
    const pull = await t.call({ method: 'GET', url: paths.sync.pull, tenant: blue.tenantId, token: g.teacher });
    expect(pull.statusCode).toBe(401);
    expect(await rowCount(green.tenantId)).toBe(beforeGreen);
    expect(await rowCount(blue.tenantId)).toBe(beforeBlue);
  });
});

describe('DELETE attendance', () => {
  it('removes a record (tombstone) for staff only', async () => {
    const created = (await mark(g.teacher, { classId: classA, date: '2025-07-07', entries: [{ studentId: kabir, status: 'present' }] })).json()
      .data as MarkSheetResult;
    const id = created.records[0]!.id;
    const denied = await t.call({ method: 'DELETE', url: paths.attendance.remove(id), tenant: green.tenantId, token: g.student, headers: keyHeader() });
    expect(denied.statusCode).toBe(403);
    const removed = await t.call({ method: 'DELETE', url: paths.attendance.remove(id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.rev).toBeGreaterThan(created.records[0]!.rev);
    const [row] = await t.database.db.select().from(attendance).where(and(eq(attendance.tenantId, green.tenantId), eq(attendance.id, id)));
    expect(row?.deletedAt).not.toBeNull();
    const again = await t.call({ method: 'DELETE', url: paths.attendance.remove(id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    expect(again.statusCode).toBe(404);
  });
});

describe('reads', () => {
  it('gives staff a class sheet for a date: every student of the class with their record or none', async () => {
    await mark(g.teacher, { classId: classA, date: '2025-07-08', entries: [{ studentId: kabir, status: 'absent' }] });
    const response = await t.call({ method: 'GET', url: `${paths.attendance.sheet}?classId=${classA}&date=2025-07-08`, tenant: green.tenantId, token: g.teacher });
    expect(response.statusCode).toBe(200);
    const sheet = response.json().data as AttendanceSheet;
    expect(sheet.students.map((s) => [s.studentId, s.record?.status ?? null])).toEqual([
      [aarav, null],
      [kabir, 'absent'],
    ]);
    const forStudent = await t.call({ method: 'GET', url: `${paths.attendance.sheet}?classId=${classA}&date=2025-07-08`, tenant: green.tenantId, token: g.student });
    expect(forStudent.statusCode).toBe(403);
    const badDate = await t.call({ method: 'GET', url: `${paths.attendance.sheet}?classId=${classA}&date=2025-13-01`, tenant: green.tenantId, token: g.teacher });
    expect(badDate.statusCode).toBe(400);
  });

  it("lets a student read only their own range and a parent only their children's", async () => {
    await mark(g.teacher, { classId: classB, date: '2025-08-04', entries: [{ studentId: diya, status: 'present' }] });
    const range = (token: string, id: string, query = '?from=2025-07-01&to=2025-08-31') =>
      t.call({ method: 'GET', url: `${paths.attendance.student(id)}${query}`, tenant: green.tenantId, token });
    const own = await range(g.student, aarav);
    expect(own.statusCode).toBe(200);
    const data = own.json().data as StudentAttendance;
    expect(data.records.every((r) => r.studentId === aarav)).toBe(true);
    expect(data.totals.total).toBe(data.records.length);
    expect((await range(g.student, kabir)).statusCode).toBe(403);
    expect((await range(g.parent, diya)).statusCode).toBe(200);
    expect((await range(g.parent, kabir)).statusCode).toBe(403);
    expect((await range(g.teacher, kabir)).statusCode).toBe(200);
    expect((await range(g.teacher, blue.studentIds[0]!)).statusCode).toBe(404);
    expect((await range(g.teacher, aarav, '?from=2025-08-01&to=2025-07-01')).statusCode).toBe(400);
    expect((await range(g.teacher, aarav, '?from=2024-01-01&to=2025-08-01')).statusCode).toBe(400);
    expect((await range(g.teacher, aarav, '')).statusCode).toBe(200);
  });

  it('summarises a class month: counts per day and a percentage per student', async () => {
    const sheet = (date: string, a: string, k: string) =>
      mark(g.teacher, { classId: classA, date, entries: [{ studentId: aarav, status: a }, { studentId: kabir, status: k }] });
    await sheet('2025-09-01', 'present', 'absent');
    await sheet('2025-09-02', 'late', 'present');
    await sheet('2025-09-03', 'leave', 'present');
    await sheet('2025-09-04', 'present', 'present');
    const response = await t.call({ method: 'GET', url: `${paths.attendance.classSummary}?classId=${classA}&month=2025-09`, tenant: green.tenantId, token: g.admin });
    expect(response.statusCode).toBe(200);
    const summary = response.json().data as ClassSummary;
    expect(summary.days).toEqual([
      { date: '2025-09-01', present: 1, absent: 1, late: 0, leave: 0, total: 2 },
      { date: '2025-09-02', present: 1, absent: 0, late: 1, leave: 0, total: 2 },
      { date: '2025-09-03', present: 1, absent: 0, late: 0, leave: 1, total: 2 },
      { date: '2025-09-04', present: 2, absent: 0, late: 0, leave: 0, total: 2 },
    ]);
    const byId = new Map(summary.students.map((s) => [s.studentId, s]));
    expect(byId.get(aarav)).toMatchObject({ present: 2, late: 1, leave: 1, total: 4, percentage: 75 });
    expect(byId.get(kabir)).toMatchObject({ present: 3, absent: 1, total: 4, percentage: 75 });
    const bad = await t.call({ method: 'GET', url: `${paths.attendance.classSummary}?classId=${classA}&month=2025-13`, tenant: green.tenantId, token: g.admin });
    expect(bad.statusCode).toBe(400);
  });
});
