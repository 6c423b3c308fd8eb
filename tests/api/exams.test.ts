/**
 * Exams, marks and results (server/modules/exams): roles and schools, the schedule's checks, the
 * grading scale kept with each exam, the teaching rule for marks, values refused in place, cells of
 * one grid written by two people, publishing (completeness, hand-worked results with ties, absent,
 * exempt and graded-only papers), the lock and corrections with a reason, what families see.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../contract/exam-results';
import { cbseGradingScale, type Exam, examMessages, examPaths, type ExamSummary, examSummaryOf, type Mark, markMessages, markPaths, resultMessages, resultPaths } from '../../contract/exams';
import type { Page } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { classSubjects, classes, students, subjects } from '../../server/db/core-tables';
import { marks, marksHistory, results } from '../../server/modules/exams/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { notificationPaths } from '../../contract/notifications';

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
/** V-A: the teacher is its class teacher. VI-B: the teacher teaches Physics there, not Hindi. */
let va: string;
let vib: string;
let viic: string;
let physics: string;
let hindi: string;
let maths: string;
let english: string;
let art: string;
/** V-A's students: Aarav (the student account, the parent's child), Kabir, and two added here. */
let aarav: string;
let kabir: string;
let isha: string;
let rohan: string;
/** VI-B: Diya (the parent's other child). */
let diya: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  const river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  [va, vib] = green.classIds as [string, string];
  [aarav, diya, kabir] = green.studentIds as [string, string, string];
  physics = green.subjectIds[0]!;
  [viic, hindi, maths, english, art, isha, rohan] = Array.from({ length: 7 }, () => randomUUID()) as [string, string, string, string, string, string, string];
  await db.insert(classes).values({ id: viic, tenantId: 'green', className: 'VII', classSection: 'C' });
  await db.insert(subjects).values([
    { id: hindi, tenantId: 'green', subjectName: 'Hindi' },
    { id: maths, tenantId: 'green', subjectName: 'Mathematics' },
    { id: english, tenantId: 'green', subjectName: 'English' },
    { id: art, tenantId: 'green', subjectName: 'Art Education' },
  ]);
  await db.insert(classSubjects).values([
    { id: randomUUID(), tenantId: 'green', classId: vib, subjectId: hindi, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: maths, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: english, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: art, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: viic, subjectId: hindi, teacherId: null },
  ]);
  await db.insert(students).values([
    { id: isha, tenantId: 'green', admissionId: 'green-010', firstName: 'Isha', classId: va },
    { id: rohan, tenantId: 'green', admissionId: 'green-011', firstName: 'Rohan', classId: va },
  ]);
});
afterAll(() => t.close());

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });

const paper = (classId: string, subjectId: string, extra: Record<string, unknown> = {}) => ({
  classId,
  subjectId,
  date: '2026-07-20',
  startTime: '09:30',
  durationMinutes: 90,
  maxMarks: 50,
  passMarks: 17,
  ...extra,
});

const unitTest = (extra: Record<string, unknown> = {}) => ({
  name: 'Unit Test 1',
  term: 'Term 1',
  academicYear: '2026-27',
  weight: 10,
  classIds: [va, vib],
  schedule: [
    paper(va, maths),
    paper(va, english, { date: '2026-07-21' }),
    paper(va, art, { date: '2026-07-22', gradedOnly: true, maxMarks: null, passMarks: null }),
    paper(vib, physics, { maxMarks: 40, passMarks: 14 }),
    paper(vib, hindi, { maxMarks: 40, passMarks: 14, date: '2026-07-21' }),
  ],
  ...extra,
});

async function addExam(body: Record<string, unknown> = unitTest()): Promise<Exam> {
  const response = await as(tokens.admin, { method: 'POST', url: examPaths.create, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Exam;
}

function enter(token: string, body: Record<string, unknown>) {
  return as(token, { method: 'POST', url: markPaths.markSheet, payload: body });
}

async function entered(token: string, body: Record<string, unknown>): Promise<Mark[]> {
  const response = await enter(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.records as Mark[];
}

const liveMarks = (examId: string) => t.database.db.select().from(marks).where(and(eq(marks.examId, examId), isNull(marks.deletedAt)));

describe('exams', () => {
  it('lets admins add one with its schedule, with the school’s scale kept on it; others are refused', async () => {
    const exam = await addExam();
    expect(exam).toMatchObject({ name: 'Unit Test 1', term: 'Term 1', academicYear: '2026-27', weight: 10, classIds: [va, vib], published: {} });
    expect(exam.grading).toEqual(cbseGradingScale);
    expect(exam.schedule.find((one) => one.subjectId === art)).toMatchObject({ gradedOnly: true, maxMarks: null, passMarks: null });
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const response = await as(tokens[role], { method: 'POST', url: examPaths.create, payload: unitTest() });
      expect(response.statusCode).toBe(403);
    }
  });

  it('says what is wrong with a schedule, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [unitTest({ schedule: [paper(va, maths, { passMarks: 60 })] }), examMessages.passMarks],
      [unitTest({ schedule: [paper(va, maths, { maxMarks: null })] }), examMessages.maxMarks],
      [unitTest({ schedule: [paper(viic, hindi)] }), examMessages.paperClassNotSitting],
      [unitTest({ schedule: [paper(va, maths), paper(va, maths)] }), examMessages.duplicatePaper],
      [unitTest({ schedule: [paper(va, maths, { startTime: '9.30' })] }), examMessages.startTime],
      [unitTest({ academicYear: '2026-28' }), examMessages.academicYear],
      [unitTest({ classIds: [] }), examMessages.noClasses],
      [unitTest({ schedule: [paper(va, physics)] }), examMessages.subjectNotTaken],
    ];
    for (const [body, message] of cases) {
      const before = (await as(tokens.admin, { method: 'GET', url: examPaths.all })).json().data.length;
      const response = await as(tokens.admin, { method: 'POST', url: examPaths.create, payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().data.fieldErrors)).toContain(message);
      expect((await as(tokens.admin, { method: 'GET', url: examPaths.all })).json().data).toHaveLength(before);
    }
  });

  it('answers another school’s classes as unknown ones and never shows it its exams', async () => {
    const exam = await addExam();
    const response = await t.call({ method: 'POST', url: examPaths.create, tenant: 'river', token: riverAdmin, payload: unitTest() });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fieldErrors).toEqual({ classIds: [messages.classes.notFound] });
    const one = await t.call({ method: 'GET', url: examPaths.one(exam.id), tenant: 'river', token: riverAdmin });
    expect(one.statusCode).toBe(404);
    const all = await t.call({ method: 'GET', url: examPaths.all, tenant: 'river', token: riverAdmin });
    expect(all.json().data).toEqual([]);
  });

  it('shows a family the exams their children’s classes sit, only those', async () => {
    const other = await addExam(unitTest({ name: 'VII C only', classIds: [viic], schedule: [paper(viic, hindi)] }));
    const forParent = (await as(tokens.parent, { method: 'GET', url: examPaths.all })).json().data as Exam[];
    expect(forParent.length).toBeGreaterThan(0);
    expect(forParent.map((exam) => exam.id)).not.toContain(other.id);
    expect((await as(tokens.student, { method: 'GET', url: examPaths.one(other.id) })).statusCode).toBe(404);
    expect((await as(tokens.teacher, { method: 'GET', url: examPaths.one(other.id) })).statusCode).toBe(200);
  });
});

describe('the exams page', () => {
  const pageOf = async (token: string, query: string, tenant = 'green') => {
    const response = await t.call({ method: 'GET', url: `${examPaths.page}?${query}`, tenant, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Page<ExamSummary>;
  };
  /** The `all` list as a page shows it: each exam without its papers and scale (examSummaryOf). */
  const allOf = async (token: string) => ((await as(token, { method: 'GET', url: examPaths.all })).json().data as Exam[]).map(examSummaryOf);

  it('answers each exam as a list shows it: its classes, publications, paper count and first and last dates, not the papers', async () => {
    const exam = await addExam(unitTest({ name: 'Summary test' }));
    const { content } = await pageOf(tokens.admin, 'page=0&size=200');
    const { schedule: _schedule, grading: _grading, ...rest } = exam;
    expect(content.find((one) => one.id === exam.id)).toStrictEqual({ ...rest, papers: 5, firstDate: '2026-07-20', lastDate: '2026-07-22' });
    const searched = await as(tokens.admin, { method: 'GET', url: `${examPaths.searchColumn}?column=name&value=summary&page=0&size=20` });
    expect(searched.statusCode, searched.body).toBe(200);
    expect((searched.json().data as Page<ExamSummary>).content).toStrictEqual([{ ...rest, papers: 5, firstDate: '2026-07-20', lastDate: '2026-07-22' }]);
    const none = await addExam(unitTest({ name: 'No papers yet', schedule: [] }));
    const empty = (await pageOf(tokens.admin, 'page=0&size=200')).content.find((one) => one.id === none.id);
    expect(empty).toMatchObject({ papers: 0, firstDate: null, lastDate: null });
    expect(empty).not.toHaveProperty('schedule');
    for (const id of [exam.id, none.id]) expect((await as(tokens.admin, { method: 'DELETE', url: examPaths.remove(id) })).statusCode).toBe(200);
  });

  it('pages the school’s exams in the list’s order, with an edit or a deletion at once, and none to another school', async () => {
    const before = await pageOf(tokens.admin, 'page=0&size=1');
    expect(await pageOf(tokens.admin, 'page=0&size=1')).toEqual(before);
    const exam = await addExam(unitTest({ name: 'Half-yearly' }));
    const all = await allOf(tokens.admin);
    // The new exam comes last: the first page has the same exam, and the count moves.
    expect(await pageOf(tokens.admin, 'page=0&size=1')).toEqual({ ...before, totalElements: all.length, totalPages: all.length });
    expect(all.length).toBeGreaterThan(3);
    const first = await pageOf(tokens.admin, 'page=0&size=2');
    expect(first.content).toEqual(all.slice(0, 2));
    expect([first.totalElements, first.totalPages]).toEqual([all.length, Math.ceil(all.length / 2)]);
    expect((await pageOf(tokens.admin, 'page=1&size=2')).content).toEqual(all.slice(2, 4));
    expect((await pageOf(tokens.admin, 'page=0&size=50')).content).toEqual(all);

    const edited = await as(tokens.admin, { method: 'PUT', url: examPaths.update(exam.id), payload: unitTest({ name: 'Half-yearly exam' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await pageOf(tokens.admin, 'page=0&size=50');
    expect(afterEdit.content.find((one) => one.id === exam.id)?.name).toBe('Half-yearly exam');
    expect(afterEdit.content).toEqual(await allOf(tokens.admin));

    expect((await as(tokens.admin, { method: 'DELETE', url: examPaths.remove(exam.id) })).statusCode).toBe(200);
    const afterDelete = await pageOf(tokens.admin, 'page=0&size=50');
    expect(afterDelete.content.map((one) => one.id)).not.toContain(exam.id);
    expect(afterDelete.totalElements).toBe(all.length - 1);

    expect(await pageOf(riverAdmin, 'page=0&size=50', 'river')).toMatchObject({ content: [], totalElements: 0 });
  });

  it('pages a family only the exams their children’s classes sit', async () => {
    const forParent = await allOf(tokens.parent);
    expect((await pageOf(tokens.parent, 'page=0&size=50')).content).toEqual(forParent);
    expect((await pageOf(tokens.admin, 'page=0&size=50')).totalElements).toBeGreaterThan(forParent.length);
  });
});

describe('the grading scale', () => {
  it('is CBSE’s by default, editable by admins, and a change leaves existing exams as they were', async () => {
    expect((await as(tokens.teacher, { method: 'GET', url: examPaths.gradingScale })).json().data).toEqual(cbseGradingScale);
    const before = await addExam();
    const scale = { bands: [{ grade: 'A', min: 75 }, { grade: 'B', min: 50 }, { grade: 'C', min: 0 }], gradedOnly: ['Good', 'Fair'] };
    expect((await as(tokens.teacher, { method: 'PUT', url: examPaths.gradingScale, payload: scale })).statusCode).toBe(403);
    const bad = await as(tokens.admin, { method: 'PUT', url: examPaths.gradingScale, payload: { ...scale, bands: [{ grade: 'A', min: 50 }, { grade: 'B', min: 60 }] } });
    expect(bad.statusCode).toBe(400);
    const saved = await as(tokens.admin, { method: 'PUT', url: examPaths.gradingScale, payload: scale });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(examMessages.scaleSaved);
    expect((await addExam()).grading).toEqual(scale);
    expect(((await as(tokens.admin, { method: 'GET', url: examPaths.one(before.id) })).json().data as Exam).grading).toEqual(cbseGradingScale);
    await as(tokens.admin, { method: 'PUT', url: examPaths.gradingScale, payload: cbseGradingScale });
  });
});

describe('marks entry', () => {
  let exam: Exam;
  beforeAll(async () => {
    exam = await addExam();
  });
  const grid = (classId: string, subjectId: string, entries: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    examId: exam.id,
    classId,
    subjectId,
    entries,
    ...extra,
  });

  it('takes marks from the subject’s teacher, the class teacher and admins only', async () => {
    const physicsMarks = await entered(tokens.teacher, grid(vib, physics, [{ studentId: diya, marks: 32.5 }]));
    expect(physicsMarks).toMatchObject([{ studentId: diya, marks: 32.5, absent: false, exempt: false, enteredBy: green.accounts.teacher.id }]);
    // Class teacher of V-A: any of its subjects.
    await entered(tokens.teacher, grid(va, maths, [{ studentId: aarav, marks: 45 }]));
    await entered(tokens.admin, grid(vib, hindi, [{ studentId: diya, absent: true }]));
    const refused = await enter(tokens.teacher, grid(vib, hindi, [{ studentId: diya, marks: 20 }]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(markMessages.notYourSubject);
    for (const role of ['student', 'parent'] as const) expect((await enter(tokens[role], grid(va, maths, [{ studentId: aarav, marks: 1 }]))).statusCode).toBe(403);
    const river = await t.call({ method: 'POST', url: markPaths.markSheet, tenant: 'river', token: riverAdmin, payload: grid(va, maths, [{ studentId: aarav, marks: 1 }]) });
    expect(river.statusCode).toBe(404);
    const stored = await liveMarks(exam.id);
    expect(stored.map((row) => [row.studentId, row.subjectId, row.marks, row.absent]).sort()).toEqual(
      [
        [diya, physics, 32.5, false],
        [aarav, maths, 45, false],
        [diya, hindi, null, true],
      ].sort(),
    );
  });

  it('refuses values out of range, not numbers, in the wrong form, or for students elsewhere, and writes none of the sheet', async () => {
    const before = await liveMarks(exam.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ studentId: kabir, marks: 51 }, 'entries.1', markMessages.outOfRange(50)],
      [{ studentId: kabir, marks: -1 }, 'entries.1', markMessages.outOfRange(50)],
      [{ studentId: kabir, marks: 20.3 }, 'entries.1', markMessages.halfSteps],
      [{ studentId: kabir, grade: 'A' }, 'entries.1', markMessages.marksNeeded],
      [{ studentId: kabir, marks: 20, absent: true }, 'entries.1', markMessages.oneValue],
      [{ studentId: diya, marks: 20 }, 'entries.1.studentId', markMessages.studentNotInClass],
      [{ studentId: aarav, marks: 20 }, 'entries.1.studentId', markMessages.duplicateStudent],
    ];
    for (const [entry, field, message] of cases) {
      const response = await enter(tokens.admin, grid(va, maths, [{ studentId: aarav, marks: 10 }, entry]));
      expect(response.statusCode, JSON.stringify(entry)).toBe(400);
      expect(response.json().data.fieldErrors[field]).toEqual([message]);
    }
    const text = await enter(tokens.admin, grid(va, maths, [{ studentId: kabir, marks: 'forty' }]));
    expect(text.statusCode).toBe(400);
    const graded = await enter(tokens.admin, grid(va, art, [{ studentId: kabir, marks: 5 }]));
    expect(graded.json().data.fieldErrors['entries.0']).toEqual([markMessages.gradedOnly]);
    const grade = await enter(tokens.admin, grid(va, art, [{ studentId: kabir, grade: 'Z' }]));
    expect(grade.json().data.fieldErrors['entries.0']).toEqual([markMessages.unknownGrade(['A', 'B', 'C'])]);
    const noPaper = await enter(tokens.admin, grid(viic, hindi, [{ studentId: kabir, marks: 5 }]));
    expect(noPaper.json().message).toBe(markMessages.noPaper);
    expect(await liveMarks(exam.id)).toEqual(before);
  });

  it('merges two people’s writes of one grid by cell: the later write of a cell wins, the earlier is in its history', async () => {
    await entered(tokens.teacher, grid(va, english, [{ studentId: aarav, marks: 30 }, { studentId: kabir, marks: 31 }]));
    const records = await entered(tokens.admin, grid(va, english, [{ studentId: kabir, marks: 35 }, { studentId: isha, marks: 40 }]));
    expect(records.map((cell) => [cell.studentId, cell.marks]).sort()).toEqual([[isha, 40], [kabir, 35]].sort());
    const sheet = (await as(tokens.teacher, { method: 'GET', url: `${markPaths.sheet}?examId=${exam.id}&classId=${va}&subjectId=${english}` })).json().data as Mark[];
    expect(Object.fromEntries(sheet.map((cell) => [cell.studentId, cell.marks]))).toEqual({ [aarav]: 30, [kabir]: 35, [isha]: 40 });
    const history = (await as(tokens.admin, { method: 'GET', url: `${markPaths.history}?examId=${exam.id}&classId=${va}&subjectId=${english}` })).json().data;
    expect(history).toEqual([
      expect.objectContaining({ studentId: kabir, previous: { marks: 31, grade: null, absent: false, exempt: false }, next: { marks: 35, grade: null, absent: false, exempt: false }, changedBy: green.accounts.admin.id, reason: null }),
    ]);
    // The same value again changes nothing; an empty entry clears the cell.
    const rev = sheet.find((cell) => cell.studentId === aarav)!.rev;
    const again = await entered(tokens.teacher, grid(va, english, [{ studentId: aarav, marks: 30 }]));
    expect(again[0]!.rev).toBe(rev);
    const cleared = await enter(tokens.teacher, grid(va, english, [{ studentId: isha }]));
    expect(cleared.json().data.cleared).toHaveLength(1);
  });

  it('shows the admin which grids are complete and whose they are', async () => {
    const progress = (await as(tokens.admin, { method: 'GET', url: examPaths.progress(exam.id) })).json().data as { classId: string; subjectId: string; teacherId: string | null; students: number; entered: number; complete: boolean }[];
    expect(progress).toHaveLength(5);
    expect(progress.find((one) => one.classId === vib && one.subjectId === physics)).toEqual({ classId: vib, subjectId: physics, teacherId: green.teacherId, students: 1, entered: 1, complete: true });
    expect(progress.find((one) => one.classId === va && one.subjectId === english)).toMatchObject({ students: 4, entered: 2, complete: false });
    expect((await as(tokens.parent, { method: 'GET', url: examPaths.progress(exam.id) })).statusCode).toBe(403);
  });
});

describe('publishing results', () => {
  let exam: Exam;
  const publish = (classId: string, token = tokens.admin) => as(token, { method: 'POST', url: examPaths.publish(exam.id), payload: { classId } });
  const resultsOf = async (token: string, query = `examId=${exam.id}`) =>
    (await as(token, { method: 'GET', url: `${resultPaths.all}?${query}` })).json().data as Result[];

  beforeAll(async () => {
    exam = await addExam();
    const sheet = (subjectId: string, entries: Record<string, unknown>[]) => entered(tokens.admin, { examId: exam.id, classId: va, subjectId, entries });
    await sheet(maths, [
      { studentId: aarav, marks: 45 },
      { studentId: kabir, marks: 40 },
      { studentId: isha, absent: true },
      { studentId: rohan, marks: 16 },
    ]);
    await sheet(english, [
      { studentId: aarav, marks: 40 },
      { studentId: kabir, marks: 45 },
      { studentId: isha, marks: 50 },
    ]);
    await sheet(art, [
      { studentId: aarav, grade: 'a' },
      { studentId: kabir, grade: 'B' },
      { studentId: isha, grade: 'A' },
      { studentId: rohan, exempt: true },
    ]);
  });

  it('refuses while a cell is empty, and lets admins alone publish', async () => {
    const response = await publish(va);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(examMessages.incomplete(1));
    expect((await publish(va, tokens.teacher)).statusCode).toBe(403);
    expect((await publish(viic)).json().message).toBe(examMessages.notSitting);
    expect(await resultsOf(tokens.admin)).toEqual([]);
  });

  it('computes results as worked by hand: ties share a rank, absent counts 0 and fails, exempt and graded-only leave the total', async () => {
    await entered(tokens.admin, { examId: exam.id, classId: va, subjectId: english, entries: [{ studentId: rohan, exempt: true }] });
    const response = await publish(va);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(examMessages.published);
    expect(Object.keys((response.json().data as Exam).published)).toEqual([va]);
    const byStudent = Object.fromEntries((await resultsOf(tokens.admin)).map((result) => [result.studentId, result]));
    // Aarav 45 + 40 = 85/100; Kabir 40 + 45 = 85/100: both first.
    expect(byStudent[aarav]).toMatchObject({ total: 85, maxTotal: 100, percentage: 85, grade: 'A2', result: 'pass', rank: 1 });
    expect(byStudent[aarav]!.subjects).toEqual([
      { subjectId: maths, gradedOnly: false, maxMarks: 50, passMarks: 17, marks: 45, status: 'marks', grade: 'A2', passed: true },
      { subjectId: english, gradedOnly: false, maxMarks: 50, passMarks: 17, marks: 40, status: 'marks', grade: 'B1', passed: true },
      { subjectId: art, gradedOnly: true, maxMarks: null, passMarks: null, marks: null, status: 'grade', grade: 'A', passed: null },
    ]);
    expect(byStudent[kabir]).toMatchObject({ total: 85, percentage: 85, rank: 1, result: 'pass' });
    // Isha: absent in Mathematics, 0 of 50; 50/100 = 50 % (C2), failed.
    expect(byStudent[isha]).toMatchObject({ total: 50, maxTotal: 100, percentage: 50, grade: 'C2', result: 'fail', rank: 3 });
    expect(byStudent[isha]!.subjects[0]).toMatchObject({ status: 'absent', marks: 0, grade: 'E2', passed: false });
    // Rohan: exempt from English and Art, 16 of 50 in Mathematics (pass marks 17): 32 %, E1, failed.
    expect(byStudent[rohan]).toMatchObject({ total: 16, maxTotal: 50, percentage: 32, grade: 'E1', result: 'fail', rank: 4 });
    expect(byStudent[rohan]!.subjects.map((s) => s.status)).toEqual(['marks', 'exempt', 'exempt']);
    expect((await publish(va)).json().message).toBe(examMessages.alreadyPublished);
    const inbox = (await as(tokens.parent, { method: 'GET', url: notificationPaths.mine })).json().data as { title: string; link: string | null }[];
    expect(inbox.filter((one) => one.title === resultMessages.publishedTitle('Unit Test 1'))).toEqual([expect.objectContaining({ link: '/student/results' })]);
  });

  it('shows families only published results of their own children', async () => {
    expect((await resultsOf(tokens.parent)).map((result) => result.studentId)).toEqual([aarav]);
    expect((await resultsOf(tokens.student)).map((result) => result.studentId)).toEqual([aarav]);
    expect(await resultsOf(tokens.parent, `studentId=${kabir}`)).toEqual([]);
    expect(await t.call({ method: 'GET', url: `${resultPaths.all}?examId=${exam.id}`, tenant: 'river', token: riverAdmin }).then((r) => r.json().data)).toEqual([]);
    const pulled = await pullAll(t, 'green', tokens.parent);
    const entities = new Set(pulled.changes.map((change) => change.entity));
    expect(entities.has('marks')).toBe(false);
    const pulledResults = pulled.changes.filter((change) => change.entity === 'results' && change.op !== 'delete');
    expect(pulledResults.map((change) => (change.record as Result).studentId)).toEqual([aarav]);
    expect(pulled.changes.some((change) => change.entity === 'exams' && change.id === exam.id)).toBe(true);
    const teacherPull = await pullAll(t, 'green', tokens.teacher);
    expect(teacherPull.changes.some((change) => change.entity === 'marks')).toBe(true);
  });

  it('locks the marks: a correction needs a reason, is kept in the history and recomputes the class', async () => {
    const body = { examId: exam.id, classId: va, subjectId: maths, entries: [{ studentId: rohan, marks: 18 }] };
    const locked = await enter(tokens.teacher, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(markMessages.locked);
    await entered(tokens.teacher, { ...body, reason: 'Question 4 was marked twice short' });
    const [history] = await t.database.db
      .select()
      .from(marksHistory)
      .innerJoin(marks, eq(marks.id, marksHistory.markId))
      .where(and(eq(marks.examId, exam.id), eq(marks.studentId, rohan), eq(marks.subjectId, maths)));
    expect(history!.marks_history).toMatchObject({ previous: { marks: 16 }, next: { marks: 18 }, reason: 'Question 4 was marked twice short' });
    const rohanResult = (await resultsOf(tokens.admin, `examId=${exam.id}&studentId=${rohan}`))[0];
    expect(rohanResult).toMatchObject({ total: 18, percentage: 36, grade: 'D', result: 'pass', rank: 4 });
  });

  it('keeps a published class’s schedule and the exam itself', async () => {
    const changed = unitTest({ schedule: unitTest().schedule.map((one) => (one.classId === va && one.subjectId === maths ? { ...one, maxMarks: 80 } : one)) });
    const update = await as(tokens.admin, { method: 'PUT', url: examPaths.update(exam.id), payload: changed });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe(examMessages.publishedLocked);
    const renamed = await as(tokens.admin, { method: 'PUT', url: examPaths.update(exam.id), payload: unitTest({ name: 'Unit Test I' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await as(tokens.admin, { method: 'DELETE', url: examPaths.remove(exam.id) })).json().message).toBe(examMessages.publishedDelete);
  });

  it('takes the report card remark from the class teacher or an admin', async () => {
    const [result] = await resultsOf(tokens.admin, `examId=${exam.id}&studentId=${aarav}`);
    const saved = await as(tokens.teacher, { method: 'PUT', url: resultPaths.remark(result!.id), payload: { remark: 'Works steadily; reads widely.' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.remark).toBe('Works steadily; reads widely.');
    expect((await as(tokens.parent, { method: 'PUT', url: resultPaths.remark(result!.id), payload: { remark: 'x' } })).statusCode).toBe(403);
    const [stored] = await t.database.db.select().from(results).where(eq(results.id, result!.id));
    expect(stored!.remark).toBe('Works steadily; reads widely.');
  });
});

describe('deleting an exam', () => {
  it('deletes one not published, its marks with it', async () => {
    const exam = await addExam();
    await entered(tokens.admin, { examId: exam.id, classId: va, subjectId: maths, entries: [{ studentId: aarav, marks: 10 }] });
    const response = await as(tokens.admin, { method: 'DELETE', url: examPaths.remove(exam.id) });
    expect(response.statusCode).toBe(200);
    expect(await liveMarks(exam.id)).toEqual([]);
    expect((await as(tokens.admin, { method: 'GET', url: examPaths.one(exam.id) })).statusCode).toBe(404);
  });
});
