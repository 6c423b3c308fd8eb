/**
 * The school year's turnover (contract/years.ts): the dry run changes nothing; the commit moves
 * students (promoted, detained by their result or the admin, leaving from the final class with
 * their admission withdrawn), creates the classes it needs, copies fee structures a year on and
 * carries the unpaid dues exactly once; a second commit is 409; the undo puts every table back as
 * it was and is refused once anything was written since or too late; an attendance sheet of the
 * closed year's date, and last year's marks, still land in that year's class; admins only, each
 * school its own.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../contract/paths';
import { feePaths } from '../../contract/fees';
import { messages } from '../../contract/messages';
import { yearMessages, yearPaths, type RolloverPreview } from '../../contract/years';
import { admissions } from '../../server/modules/admissions/tables';
import { classes, students, subjects } from '../../server/db/core-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { exams, results } from '../../server/modules/exams/tables';
import { cbseGradingScale, markPaths } from '../../contract/exams';
import { feeHeads, feeInstallments, feeStructures } from '../../server/modules/fees/tables';
import { queryRows } from '../../server/db/rows';
import { noonOf, onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

onDayThroughout('2027-03-20');

let t: TestApp;
let green: SchoolFixture;
let g: Tokens;
let r: Tokens;
let river: SchoolFixture;
/** Green's class XII A and its one student, who leaves. */
const finalClassId = randomUUID();
const leaverId = randomUUID();
const admissionId = randomUUID();
/** Green's fees of V A for 2026-27: two installments of ₹5,000.00, the first paid half. */
const structureId = randomUUID();
/** Green's 2026-27 annual examination of V A, in Mathematics. */
const examId = randomUUID();
const mathsId = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  const db = t.database.db;
  await db.insert(classes).values({ id: finalClassId, tenantId: 'green', className: 'XII', classSection: 'A' });
  await db.insert(students).values({ id: leaverId, tenantId: 'green', firstName: 'Riya', lastName: 'Patil', classId: finalClassId, rollNumber: '1' });
  await db.insert(admissions).values({ id: admissionId, tenantId: 'green', admissionNumber: '2015-0001', admissionYear: 2015, admissionSeq: 1, admissionDate: '2015-06-01', studentId: leaverId, classId: finalClassId });
  const headId = randomUUID();
  await db.insert(subjects).values({ id: mathsId, tenantId: 'green', subjectName: 'Mathematics' });
  await db.insert(exams).values({
    id: examId,
    tenantId: 'green',
    name: 'Annual Examination',
    term: 'Term 2',
    academicYear: '2026-27',
    classIds: [green.classIds[0]!],
    schedule: [{ classId: green.classIds[0]!, subjectId: mathsId, date: '2027-03-10', startTime: '09:30', durationMinutes: 180, maxMarks: 80, passMarks: 27, gradedOnly: false }],
    grading: cbseGradingScale,
  });
  // Kabir failed it (published): the dry run proposes keeping him back.
  await db.insert(results).values({
    id: randomUUID(),
    tenantId: 'green',
    examId,
    classId: green.classIds[0]!,
    studentId: green.studentIds[2]!,
    subjects: [],
    total: 12,
    maxTotal: 80,
    percentage: 15,
    grade: 'E',
    result: 'fail',
    rank: 2,
  });
  await db.insert(feeHeads).values({ id: headId, tenantId: 'green', name: 'Tuition' });
  await db.insert(feeStructures).values({ id: structureId, tenantId: 'green', classId: green.classIds[0]!, academicYear: 2026 });
  await db.insert(feeInstallments).values([
    { id: randomUUID(), tenantId: 'green', structureId, headId, frequency: 'termly', position: 0, label: 'Term 1', dueDate: '2026-04-15', amount: 500_000 },
    { id: randomUUID(), tenantId: 'green', structureId, headId, frequency: 'termly', position: 1, label: 'Term 2', dueDate: '2026-10-15', amount: 500_000 },
  ]);
});

afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token = g.admin, tenant = 'green', key: string = randomUUID()) =>
  t.call({ method: 'POST', url, tenant, token, headers: { 'idempotency-key': key }, payload: payload as Record<string, unknown> });
const get = (url: string, token = g.admin, tenant = 'green') => t.call({ method: 'GET', url, tenant, token });

/** Every live row of every table of the school, without the columns a write stamps (rev, times). */
async function schoolTables(tenantId: string): Promise<Record<string, string[]>> {
  const db = t.database.db;
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'
        and table_name not in ('idempotency_keys', 'rate_limit_windows', 'record_history') order by table_name`,
  );
  const stamped = new Set(['rev', 'txid', 'created_at', 'updated_at', 'deleted_at', 'content_rev']);
  const out: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const columns = await queryRows<{ column_name: string }>(db, sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`);
    const live = columns.some((one) => one.column_name === 'deleted_at') ? sql` and deleted_at is null` : sql``;
    const rows = await queryRows<Record<string, unknown>>(db, sql`select * from ${sql.identifier(table)} where tenant_id = ${tenantId}${live}`);
    out[table] = rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([name]) => !stamped.has(name)).sort()))).sort();
  }
  return out;
}

describe('the school year', () => {
  it('a school that never turned over is in the year of its date', async () => {
    const years = await get(yearPaths.all, g.parent);
    expect(years.statusCode).toBe(200);
    expect(years.json().data).toMatchObject([{ academicYear: 2026, label: '2026-27', status: 'open', current: true, undoUntil: null }]);
  });

  it('only an admin of the school may preview, commit or undo, with clear answers for a wrong year', async () => {
    for (const token of [g.teacher, g.parent, g.student]) {
      expect((await post(yearPaths.preview, { toYear: 2027 }, token)).statusCode).toBe(403);
      expect((await post(yearPaths.rollover, { toYear: 2027 }, token)).statusCode).toBe(403);
      expect((await post(yearPaths.undo, { toYear: 2027 }, token)).statusCode).toBe(403);
    }
    // Another school's admin: the token is not this school's.
    expect((await post(yearPaths.preview, { toYear: 2027 }, r.admin)).statusCode).toBe(401);
    const later = await post(yearPaths.preview, { toYear: 2028 });
    expect([later.statusCode, later.json().message]).toEqual([409, 'The next year to start is 2027-28.']);
    const earlier = await post(yearPaths.rollover, { toYear: 2026 });
    expect([earlier.statusCode, earlier.json().message]).toEqual([409, '2026-27 has already started.']);
    const bad = await post(yearPaths.preview, { toYear: '2027; drop table students' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, yearMessages.year]);
    const foreign = await post(yearPaths.preview, { toYear: 2027, overrides: [{ studentId: river.studentIds[0], outcome: 'detained' }] });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, messages.students.notFound]);
    const foreignClass = await post(yearPaths.preview, { toYear: 2027, classes: [{ fromClassId: green.classIds[0], toClassId: river.classIds[0] }] });
    expect([foreignClass.statusCode, foreignClass.json().message]).toEqual([400, messages.classes.notFound]);
    const leavingInto = await post(yearPaths.preview, { toYear: 2027, overrides: [{ studentId: leaverId, outcome: 'leaving', toClassId: green.classIds[0] }] });
    expect([leavingInto.statusCode, leavingInto.json().message]).toEqual([400, yearMessages.leavingWithClass]);
    const undoNothing = await post(yearPaths.undo, { toYear: 2027 });
    expect([undoNothing.statusCode, undoNothing.json().message]).toEqual([409, '2027-28 has not been started.']);
  });

  it('the dry run shows where every class and student goes, with the dues carried, and changes nothing', async () => {
    const before = await schoolTables('green');
    const preview = await post(yearPaths.preview, { toYear: 2027 });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data as RolloverPreview;
    const [va, vib] = green.classIds;
    expect(data.classes).toEqual([
      { fromClassId: va, fromClassName: 'V', fromClassSection: 'A', toClassId: null, toClassName: 'VI', toClassSection: 'A', students: 2 },
      { fromClassId: vib, fromClassName: 'VI', fromClassSection: 'B', toClassId: null, toClassName: 'VII', toClassSection: 'B', students: 1 },
      { fromClassId: finalClassId, fromClassName: 'XII', fromClassSection: 'A', toClassId: null, toClassName: null, toClassSection: null, students: 1 },
    ]);
    const byId = new Map(data.students.map((one) => [one.studentId, one]));
    expect(byId.get(green.studentIds[0]!)).toMatchObject({ outcome: 'promoted', toClassId: null, toClassName: 'VI', toClassSection: 'A', duesCarried: expect.any(Number) });
    expect(byId.get(green.studentIds[2]!)).toMatchObject({ outcome: 'detained', toClassId: va, result: 'fail' });
    expect(byId.get(green.studentIds[0]!)).toMatchObject({ result: null });
    // The admin's word over the result's.
    const promoted = await post(yearPaths.preview, { toYear: 2027, overrides: [{ studentId: green.studentIds[2], outcome: 'promoted' }] });
    expect(promoted.json().data.students.find((one: { studentId: string }) => one.studentId === green.studentIds[2])).toMatchObject({ outcome: 'promoted', toClassName: 'VI', toClassSection: 'A' });
    expect(byId.get(leaverId)).toMatchObject({ outcome: 'leaving', toClassId: null, toClassName: null });
    expect(data.newClasses).toEqual([{ className: 'VI', classSection: 'A' }, { className: 'VII', classSection: 'B' }]);
    expect(data.structuresCopied).toBe(1);
    // V A owes ₹10,000.00 a student, both terms past due and unpaid (no fine is set).
    expect(byId.get(green.studentIds[0]!)!.duesCarried).toBe(1_000_000);
    expect(data.duesCarried).toBe(2_000_000);
    expect(await schoolTables('green')).toEqual(before);
  });

  it('commits once, and the undo puts every table back exactly as it was', async () => {
    const before = await schoolTables('green');
    const key = randomUUID();
    const commit = await post(yearPaths.rollover, { toYear: 2027 }, g.admin, 'green', key);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().message).toBe('2027-28 has started.');
    expect(commit.json().data.year).toMatchObject({ academicYear: 2027, label: '2027-28', status: 'open', current: true });
    const replay = await post(yearPaths.rollover, { toYear: 2027 }, g.admin, 'green', key);
    expect(replay.json()).toEqual(commit.json());
    const again = await post(yearPaths.rollover, { toYear: 2027 });
    expect([again.statusCode, again.json().message]).toEqual([409, '2027-28 has already started.']);
    expect(await schoolTables('green')).not.toEqual(before);

    const undo = await post(yearPaths.undo, { toYear: 2027 });
    expect([undo.statusCode, undo.json().message]).toEqual([200, 'The start of 2027-28 was undone; 2026-27 is the current year again.']);
    expect(await schoolTables('green')).toEqual(before);
    expect((await get(yearPaths.all)).json().data).toMatchObject([{ academicYear: 2026, current: true }]);
  });

  it('the commit moves students, creates classes, withdraws leavers, copies fees and keeps last year readable', async () => {
    const [va, vib] = green.classIds;
    const [aarav, diya, kabir] = green.studentIds;
    const commit = await post(yearPaths.rollover, { toYear: 2027 });
    expect(commit.statusCode, commit.body).toBe(200);

    const db = t.database.db;
    const seated = new Map((await db.select({ id: students.id, classId: students.classId }).from(students).where(sql`${students.tenantId} = 'green'`)).map((row) => [row.id, row.classId]));
    const live = await db.select().from(classes).where(sql`${classes.tenantId} = 'green' and ${classes.deletedAt} is null`);
    const named = (name: string, section: string) => live.find((one) => one.className === name && one.classSection === section)?.id;
    expect(named('VI', 'A')).toBeDefined();
    expect(seated.get(aarav!)).toBe(named('VI', 'A'));
    expect(seated.get(diya!)).toBe(named('VII', 'B'));
    expect(seated.get(kabir!)).toBe(va);
    expect(seated.get(leaverId)).toBeNull();
    expect(live.some((one) => one.id === vib)).toBe(true);
    const [admission] = await db.select().from(admissions).where(sql`${admissions.id} = ${admissionId}`);
    expect(admission).toMatchObject({ status: 'withdrawn', withdrawnOn: '2027-03-20', withdrawalReason: 'Left at the end of 2026-27' });

    const copied = await db.select().from(feeStructures).where(sql`${feeStructures.tenantId} = 'green' and ${feeStructures.academicYear} = 2027 and ${feeStructures.deletedAt} is null`);
    expect(copied).toHaveLength(1);
    expect(copied[0]!.classId).toBe(va);
    const dates = (await db.select().from(feeInstallments).where(sql`${feeInstallments.structureId} = ${copied[0]!.id}`)).map((one) => one.dueDate).sort();
    expect(dates).toEqual(['2027-04-15', '2027-10-15']);

    const years = (await get(yearPaths.all, g.teacher)).json().data;
    expect(years).toMatchObject([
      { academicYear: 2027, status: 'open', current: true, undoUntil: expect.any(String) },
      { academicYear: 2026, status: 'closed', current: false, undoUntil: null },
    ]);

    // Last year's dues are still last year's class's, and this year's follow the new class.
    const lastYear = await get(`${feePaths.studentDues(aarav!)}?academicYear=2026`, g.parent);
    expect(lastYear.json().data).toMatchObject({ academicYear: 2026, totalOutstanding: 1_000_000 });
    const thisYear = await get(feePaths.studentDues(kabir!), g.admin);
    expect(thisYear.json().data).toMatchObject({ academicYear: 2027, totalOutstanding: 1_000_000 });
    const classLastYear = await get(`${feePaths.dues}?classId=${va}&academicYear=2026`, g.admin);
    expect(classLastYear.json().data.map((one: { studentId: string }) => one.studentId).sort()).toEqual([aarav, kabir].sort());

    const history = await get(yearPaths.student(aarav!), g.parent);
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([
      { academicYear: 2027, label: '2027-28', classId: named('VI', 'A'), className: 'VI', classSection: 'A', outcome: null },
      { academicYear: 2026, label: '2026-27', classId: va, className: 'V', classSection: 'A', outcome: 'promoted' },
    ]);
    expect((await get(yearPaths.student(aarav!), r.admin, 'river')).statusCode).toBe(404);
    expect((await get(yearPaths.student(leaverId), g.parent)).statusCode).toBe(403);
    // River's year did not move.
    expect((await get(yearPaths.all, r.admin, 'river')).json().data).toMatchObject([{ academicYear: 2026, current: true }]);
  });

  it("the family's devices get the new year, their children's past classes and last year's fees, nothing of other families", async () => {
    const { changes } = await pullAll(t, 'green', g.parent);
    const of = (entity: string) => changes.filter((one) => one.entity === entity && one.op !== 'delete').map((one) => one.record as Record<string, unknown>);
    expect(of('schoolYears').map((one) => [one.academicYear, one.status])).toEqual(expect.arrayContaining([[2027, 'open'], [2026, 'closed']]));
    const past = of('studentYears');
    expect(past.map((one) => one.studentId).sort()).toEqual([green.studentIds[0], green.studentIds[1]].sort());
    expect(past.find((one) => one.studentId === green.studentIds[0])).toMatchObject({ academicYear: 2026, classId: green.classIds[0], className: 'V', classSection: 'A', outcome: 'promoted', duesCarried: 1_000_000 });
    // Aarav sits in VI A now; V A's structure of 2026 still reaches the family for last year's dues.
    expect(of('feeStructures').some((one) => one.classId === green.classIds[0] && one.academicYear === 2026)).toBe(true);
    const student = await pullAll(t, 'green', g.student);
    expect(student.changes.filter((one) => one.entity === 'studentYears').map((one) => (one.record as { studentId: string }).studentId)).toEqual([green.studentIds[0]]);
  });

  it("a first sync after the turnover brings this year's days, not last year's", async () => {
    const db = t.database.db;
    const [va] = green.classIds;
    const old = { tenantId: 'green', classId: va!, studentId: green.studentIds[2]!, status: 'present' as const, remark: '', markedBy: green.accounts.admin.id };
    await db.insert(attendance).values([
      { ...old, id: randomUUID(), date: '2026-04-02' },
      { ...old, id: randomUUID(), date: '2027-04-05' },
    ]);
    const { changes } = await pullAll(t, 'green', g.admin);
    const dates = changes.filter((one) => one.entity === 'attendance').map((one) => (one.record as { date: string }).date);
    // 2027-28 is the current year: a new device gets its days from 1 April 2027 (the sheets of 2026-27 stay at the school).
    expect(dates).toContain('2027-04-05');
    expect(dates).not.toContain('2026-04-02');
    // River never turned over: nothing is left out of its pull.
    await db.insert(attendance).values({ ...old, markedBy: river.accounts.admin.id, tenantId: 'river', classId: river.classIds[0]!, studentId: river.studentIds[0]!, id: randomUUID(), date: '2024-07-01' });
    const riverDates = (await pullAll(t, 'river', r.admin)).changes.filter((one) => one.entity === 'attendance').map((one) => (one.record as { date: string }).date);
    expect(riverDates).toContain('2024-07-01');
  });

  it("a sheet of the closed year's date still lands in last year's class; then the undo is refused", async () => {
    const [va] = green.classIds;
    const [aarav, diya, kabir] = green.studentIds;
    const sheet = (entries: string[]) =>
      post(paths.attendance.markSheet, { classId: va, date: '2027-03-19', entries: entries.map((studentId) => ({ studentId, status: 'present' })) }, g.teacher);
    const outsider = await sheet([aarav!, diya!]);
    expect(outsider.statusCode).toBe(400);
    const marked = await sheet([aarav!, kabir!]);
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const stored = await t.database.db.select().from(attendance).where(sql`${attendance.tenantId} = 'green' and ${attendance.date} = '2027-03-19'`);
    expect(stored.map((row) => [row.studentId, row.classId]).sort()).toEqual([[aarav, va], [kabir, va]].sort());

    // Last year's marks of V A too: Aarav sat its annual examination there, wherever he sits now.
    const marks = await post(markPaths.markSheet, { examId, classId: va, subjectId: mathsId, entries: [{ studentId: aarav, marks: 61 }] });
    expect(marks.statusCode, marks.body).toBeLessThan(300);
    const stranger = await post(markPaths.markSheet, { examId, classId: va, subjectId: mathsId, entries: [{ studentId: diya, marks: 50 }] });
    expect(stranger.statusCode).toBe(400);

    const undo = await post(yearPaths.undo, { toYear: 2027 });
    expect([undo.statusCode, undo.json().message]).toEqual([409, yearMessages.undoAfterWrites]);
  });

  it("a closed year's sheet and month are read from the school with that year's class", async () => {
    const [va] = green.classIds;
    const [aarav, diya, kabir] = green.studentIds;
    const sheet = await get(`${paths.attendance.sheet}?classId=${va}&date=2027-03-19`, g.teacher);
    expect(sheet.statusCode).toBe(200);
    const rows = sheet.json().data.students as { studentId: string; record: { status: string } | null }[];
    // V A of 2026-27 (Aarav and Kabir), not V A now (Kabir, kept back) nor Diya of VI B.
    expect(rows.map((row) => row.studentId).sort()).toEqual([aarav, kabir].sort());
    expect(rows.every((row) => row.record?.status === 'present')).toBe(true);
    const month = (await get(`${paths.attendance.classSummary}?classId=${va}&month=2027-03`, g.teacher)).json().data;
    expect(month.students.map((one: { studentId: string }) => one.studentId).sort()).toEqual([aarav, kabir].sort());
    expect(month.records.map((one: { studentId: string; date: string }) => [one.studentId, one.date]).sort()).toEqual([[aarav, '2027-03-19'], [kabir, '2027-03-19']].sort());
    const thisYear = (await get(`${paths.attendance.sheet}?classId=${va}&date=2027-04-05`, g.teacher)).json().data;
    expect(thisYear.students.map((one: { studentId: string }) => one.studentId)).toEqual([kabir]);
    expect(thisYear.students.some((one: { studentId: string }) => one.studentId === diya)).toBe(false);
    expect((await get(`${paths.attendance.sheet}?classId=${va}&date=2027-03-19`, g.parent)).statusCode).toBe(403);
    expect((await get(`${paths.attendance.sheet}?classId=${va}&date=2027-03-19`, r.admin, 'river')).statusCode).toBe(404);
  });

  it('receipts follow the date: March continues 2026-27, April starts RCPT/2027-28/ from 00001, for either year\'s dues', async () => {
    const [, , kabir] = green.studentIds;
    const [aarav] = green.studentIds;
    const db = t.database.db;
    const [newYear] = await db.select().from(feeStructures).where(sql`${feeStructures.tenantId} = 'green' and ${feeStructures.academicYear} = 2027 and ${feeStructures.deletedAt} is null`);
    const next = (await db.select().from(feeInstallments).where(sql`${feeInstallments.structureId} = ${newYear!.id}`)).sort((a, b) => a.position - b.position);
    const last = (await db.select().from(feeInstallments).where(sql`${feeInstallments.structureId} = ${structureId}`)).sort((a, b) => a.position - b.position);
    const pay = (studentId: string, installmentId: string, paidOn: string, token = g.admin) =>
      post(feePaths.create, { studentId, paidOn, recordedOn: paidOn, mode: 'cash', items: [{ installmentId, amount: 100_000 }] }, token);

    const march = await pay(kabir!, next[0]!.id, '2027-03-20');
    expect(march.statusCode, march.body).toBe(201);
    expect(march.json().data.receiptNumber).toBe('RCPT/2026-27/00001');
    vi.setSystemTime(noonOf('2027-04-02'));
    try {
      // Thirteen days on, the sign-in of 20 March has expired.
      const { admin } = await signInAll(t, green);
      const april = await pay(kabir!, next[0]!.id, '2027-04-02', admin);
      expect(april.statusCode, april.body).toBe(201);
      expect(april.json().data.receiptNumber).toBe('RCPT/2027-28/00001');
      // Aarav's unpaid dues of last year (V A's Term 2) are paid in this year's series.
      const carried = await pay(aarav!, last[1]!.id, '2027-04-02', admin);
      expect(carried.statusCode, carried.body).toBe(201);
      expect(carried.json().data.receiptNumber).toBe('RCPT/2027-28/00002');
      const dues = (await get(`${feePaths.studentDues(aarav!)}?academicYear=2026`, admin)).json().data;
      expect(dues.totalOutstanding).toBe(900_000);
    } finally {
      vi.setSystemTime(noonOf('2027-03-20'));
    }
  });

  it('the undo is refused after its window', async () => {
    const river2027 = await post(yearPaths.rollover, { toYear: 2027 }, r.admin, 'river');
    expect(river2027.statusCode).toBe(200);
    await t.database.db.execute(sql`update year_rollovers set committed_at = committed_at - interval '25 hours' where tenant_id = 'river'`);
    const undo = await post(yearPaths.undo, { toYear: 2027 }, r.admin, 'river');
    expect([undo.statusCode, undo.json().message]).toEqual([409, yearMessages.undoTooLate]);
  });
});
