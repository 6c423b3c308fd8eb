/**
 * Staff attendance (server/modules/teacher-attendance): admins mark a date's sheet, the same sheet
 * again changes nothing, a stale mark keeps the school's and goes to history; a teacher reads their
 * own; the monthly register's working days (Sundays, the school's holidays) and totals (half days
 * count as half); roles, schools, and what each user pulls.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyRegister, TeacherAttendance, TeacherSheet } from '../../contract/teacher-attendance';
import { teachers } from '../../server/db/core-tables';
import { recordHistory } from '../../server/db/service-tables';
import { events } from '../../server/modules/events/tables';
import { teacherAttendance } from '../../server/modules/teacher-attendance/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { teacherAttendanceMessages, teacherAttendancePaths } from '../../contract/teacher-attendance';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
let meera: string;
let ravi: string;

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });
const mark = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(token, { method: 'POST', url: teacherAttendancePaths.markSheet, payload, headers });
const rows = () => t.database.db.select().from(teacherAttendance);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  meera = green.teacherId;
  ravi = randomUUID();
  await db.insert(teachers).values({ id: ravi, tenantId: 'green', firstName: 'Ravi', lastName: 'Kumar', employeeId: 'EMP-02' });
  // A school-wide holiday on Friday 14 August 2026, and one for some classes only (not a staff holiday).
  await db.insert(events).values([
    { id: randomUUID(), tenantId: 'green', kind: 'holiday', title: 'Independence Day', startDate: '2026-08-14', endDate: '2026-08-15', audienceKind: 'school' },
    { id: randomUUID(), tenantId: 'green', kind: 'holiday', title: 'Class trip', startDate: '2026-08-20', endDate: '2026-08-20', audienceKind: 'classes' },
  ]);
});
afterAll(() => t.close());

describe('marking a day', () => {
  it('stores each teacher’s mark with leave type and remark, and applies a sheet sent twice once', async () => {
    const sheet = {
      date: '2026-08-03',
      entries: [
        { teacherId: meera, status: 'present' },
        { teacherId: ravi, status: 'leave', leaveType: 'sick', remark: ' Fever ' },
      ],
    };
    const headers = keyHeader();
    const response = await mark(tokens.admin, sheet, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(teacherAttendanceMessages.saved);
    const records = response.json().data.records as TeacherAttendance[];
    expect(records.map((record) => [record.teacherId, record.status, record.leaveType, record.remark])).toEqual([
      [meera, 'present', null, ''],
      [ravi, 'leave', 'sick', 'Fever'],
    ]);
    const replay = await mark(tokens.admin, sheet, headers);
    expect(isReplay(replay)).toBe(true);
    // The same sheet under a new key: nothing new (the revs stay).
    const again = await mark(tokens.admin, sheet, keyHeader());
    expect((again.json().data.records as TeacherAttendance[]).map((record) => record.rev)).toEqual(records.map((record) => record.rev));
    expect(await rows()).toHaveLength(2);
  });

  it('changes a mark based on the current version, and keeps the school’s against a stale one', async () => {
    const [current] = (await mark(tokens.admin, { date: '2026-08-03', entries: [{ teacherId: meera, status: 'present' }] })).json().data.records as TeacherAttendance[];
    const changed = await mark(tokens.admin, { date: '2026-08-03', entries: [{ teacherId: meera, status: 'half_day', remark: 'Left at noon', baseRev: current!.rev }] });
    expect(changed.json().data.records[0]).toMatchObject({ status: 'half_day', remark: 'Left at noon' });
    const stale = await mark(tokens.admin, { date: '2026-08-03', entries: [{ teacherId: meera, status: 'absent', baseRev: current!.rev }] });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().message).toBe(teacherAttendanceMessages.savedWithConflicts(1));
    expect(stale.json().data.conflicts[0]).toMatchObject({ entity: 'teacherAttendance', reason: 'changed', kept: { status: 'half_day' }, yours: { status: 'absent' } });
    expect(await t.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, current!.id))).toHaveLength(1);
  });

  it('leaves the school’s mark standing under a mark nobody chose, with no notice; an unmarked teacher gets it', async () => {
    // A month no other test reads (the register below counts August's marks).
    const date = '2027-01-11';
    const [kept] = (await mark(tokens.admin, { date, entries: [{ teacherId: meera, status: 'leave', leaveType: 'casual' }] })).json().data.records as TeacherAttendance[];
    const assumed = await mark(tokens.admin, {
      date,
      entries: [
        { teacherId: meera, status: 'present', assumed: true },
        { teacherId: ravi, status: 'present', assumed: true },
      ],
    });
    expect(assumed.json().message).toBe(teacherAttendanceMessages.saved);
    expect(assumed.json().data.conflicts).toEqual([]);
    expect((assumed.json().data.records as TeacherAttendance[]).map((row) => [row.teacherId, row.status])).toEqual([
      [meera, 'leave'],
      [ravi, 'present'],
    ]);
    expect(await t.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, kept!.id))).toEqual([]);
  });

  it('refuses a bad sheet whole and writes nothing', async () => {
    const before = await rows();
    const noType = await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'present' }, { teacherId: ravi, status: 'leave' }] });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().data.fieldErrors['entries.1.leaveType']).toEqual([teacherAttendanceMessages.leaveTypeNeeded]);
    const typeNotLeave = await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'absent', leaveType: 'casual' }] });
    expect(typeNotLeave.json().data.fieldErrors['entries.0.leaveType']).toEqual([teacherAttendanceMessages.leaveTypeOnlyOnLeave]);
    const badStatus = await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'late' }] });
    expect(badStatus.statusCode).toBe(400);
    const badDate = await mark(tokens.admin, { date: '2026-02-30', entries: [{ teacherId: meera, status: 'present' }] });
    expect(badDate.json().message).toBe(teacherAttendanceMessages.invalidDate);
    const twice = await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'present' }, { teacherId: meera, status: 'absent' }] });
    expect(twice.json().message).toBe(teacherAttendanceMessages.duplicateTeacher);
    const foreign = await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'present' }, { teacherId: river.teacherId, status: 'present' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: teacherAttendanceMessages.teacherNotFound, data: { teacherIds: [river.teacherId] } });
    expect(await rows()).toEqual(before);
  });

  it('lets admins only mark', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      expect((await mark(tokens[role], { date: '2026-08-04', entries: [{ teacherId: meera, status: 'present' }] })).statusCode).toBe(403);
    }
    const other = await t.call({ method: 'POST', url: teacherAttendancePaths.markSheet, tenant: 'river', token: riverAdmin, payload: { date: '2026-08-04', entries: [{ teacherId: meera, status: 'absent' }] } });
    expect(other.statusCode).toBe(400);
  });
});

describe('reading', () => {
  it('gives an admin every teacher of the day (unmarked ones without a record) and a teacher their own row', async () => {
    const admin = await as(tokens.admin, { method: 'GET', url: `${teacherAttendancePaths.sheet}?date=2026-08-03` });
    expect(admin.statusCode).toBe(200);
    const sheet = admin.json().data as TeacherSheet;
    expect(sheet.teachers.map((row) => [row.firstName, row.record?.status])).toEqual([
      ['Meera', 'half_day'],
      ['Ravi', 'leave'],
    ]);
    const unmarked = (await as(tokens.admin, { method: 'GET', url: `${teacherAttendancePaths.sheet}?date=2026-08-05` })).json().data as TeacherSheet;
    expect(unmarked.teachers.every((row) => row.record === null)).toBe(true);
    const own = (await as(tokens.teacher, { method: 'GET', url: `${teacherAttendancePaths.sheet}?date=2026-08-03` })).json().data as TeacherSheet;
    expect(own.teachers.map((row) => row.teacherId)).toEqual([meera]);
    for (const role of ['student', 'parent'] as const) {
      expect((await as(tokens[role], { method: 'GET', url: `${teacherAttendancePaths.sheet}?date=2026-08-03` })).statusCode).toBe(403);
    }
    const other = (await t.call({ method: 'GET', url: `${teacherAttendancePaths.sheet}?date=2026-08-03`, tenant: 'river', token: riverAdmin })).json().data as TeacherSheet;
    expect(other.teachers.map((row) => row.record)).toEqual([null]);
  });

  it('builds the monthly register: working days without Sundays and school holidays, half days counted as half', async () => {
    await mark(tokens.admin, { date: '2026-08-04', entries: [{ teacherId: meera, status: 'absent' }, { teacherId: ravi, status: 'present' }] });
    await mark(tokens.admin, { date: '2026-08-05', entries: [{ teacherId: meera, status: 'present' }, { teacherId: ravi, status: 'half_day' }] });
    await mark(tokens.admin, { date: '2026-08-06', entries: [{ teacherId: meera, status: 'leave', leaveType: 'casual' }, { teacherId: ravi, status: 'half_day' }] });
    const response = await as(tokens.admin, { method: 'GET', url: teacherAttendancePaths.monthly('08-2026') });
    expect(response.statusCode, response.body).toBe(200);
    const register = response.json().data as MonthlyRegister;
    expect(register).toMatchObject({ monthYear: '08-2026', month: '2026-08' });
    expect(register.days).toHaveLength(31);
    // August 2026: 31 days, 5 Sundays, the school's holiday on Friday 14 and Saturday 15.
    expect(register.workingDays).toBe(31 - 5 - 2);
    expect(register.days.find((day) => day.date === '2026-08-14')).toEqual({ date: '2026-08-14', working: false, holiday: 'Independence Day' });
    expect(register.days.find((day) => day.date === '2026-08-20')!.working).toBe(true);
    expect(register.days.find((day) => day.date === '2026-08-02')).toEqual({ date: '2026-08-02', working: false, holiday: null });
    const meeraRow = register.teachers.find((row) => row.teacherId === meera)!;
    const raviRow = register.teachers.find((row) => row.teacherId === ravi)!;
    expect(meeraRow.totals).toMatchObject({ present: 1, absent: 1, halfDays: 1, leave: { casual: 1, sick: 0, earned: 0, other: 0 }, attended: 1.5 });
    expect(raviRow.totals).toMatchObject({ present: 1, absent: 0, halfDays: 2, leave: { casual: 0, sick: 1, earned: 0, other: 0 }, attended: 2 });
    expect(meeraRow.records.map((record) => record.date)).toEqual(['2026-08-03', '2026-08-04', '2026-08-05', '2026-08-06']);
    // The month is past: every working day without a mark is unmarked.
    expect(meeraRow.totals.unmarked).toBe(register.workingDays - 4);
  });

  it('shows a teacher their own row only, refuses families and a bad month', async () => {
    const own = (await as(tokens.teacher, { method: 'GET', url: teacherAttendancePaths.monthly('8-2026') })).json().data as MonthlyRegister;
    expect(own.teachers.map((row) => row.teacherId)).toEqual([meera]);
    for (const role of ['student', 'parent'] as const) {
      expect((await as(tokens[role], { method: 'GET', url: teacherAttendancePaths.monthly('08-2026') })).statusCode).toBe(403);
    }
    for (const bad of ['13-2026', '2026-08', 'august']) {
      const response = await as(tokens.admin, { method: 'GET', url: teacherAttendancePaths.monthly(bad) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(teacherAttendanceMessages.monthYear);
    }
    const other = (await t.call({ method: 'GET', url: teacherAttendancePaths.monthly('08-2026'), tenant: 'river', token: riverAdmin })).json().data as MonthlyRegister;
    expect(other.teachers.flatMap((row) => row.records)).toEqual([]);
    expect(other.workingDays).toBe(31 - 5);
  });

  it('sends admins every mark, a teacher their own, families none', async () => {
    const count = (changes: { entity: string; op: string; record?: unknown }[]) => changes.filter((change) => change.entity === 'teacherAttendance' && change.op === 'upsert');
    const admin = count((await pullAll(t, 'green', tokens.admin)).changes);
    expect(admin.length).toBe((await rows()).length);
    const teacher = count((await pullAll(t, 'green', tokens.teacher)).changes);
    expect(teacher.length).toBeGreaterThan(0);
    expect(teacher.every((change) => (change.record as TeacherAttendance).teacherId === meera)).toBe(true);
    expect(count((await pullAll(t, 'green', tokens.parent)).changes)).toHaveLength(0);
    expect(count((await pullAll(t, 'river', riverAdmin)).changes)).toHaveLength(0);
  });
});
