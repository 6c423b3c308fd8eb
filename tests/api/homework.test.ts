/**
 * Homework (server/modules/homework): the subject-level teaching rule, roles and schools, messages,
 * the baseRev rule, what a family pulls, and done marks.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Homework, HomeworkDone } from '../../contract/homework';
import { messages } from '../../contract/messages';
import { classSubjects, classes, parentChildren, students, subjects, users } from '../../server/db/core-tables';
import { homework, homeworkDone } from '../../server/modules/homework/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { homeworkPaths, homeworkMessages } from '../../contract/homework';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
let otherParent: string;
/** V-A (the teacher is class teacher) and VI-B (the teacher teaches Physics), from the fixture. */
let va: string;
let vib: string;
/** VII-C: a class the teacher has nothing to do with, and the other parent's child in it. */
let viic: string;
let physics: string;
let maths: string;
let hindi: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  [va, vib] = green.classIds as [string, string];
  physics = green.subjectIds[0]!;
  viic = randomUUID();
  maths = randomUUID();
  hindi = randomUUID();
  await db.insert(classes).values({ id: viic, tenantId: 'green', className: 'VII', classSection: 'C' });
  await db.insert(subjects).values([
    { id: maths, tenantId: 'green', subjectName: 'Mathematics' },
    { id: hindi, tenantId: 'green', subjectName: 'Hindi' },
  ]);
  // Maths in V-A and Hindi in VI-B and VII-C are taught by nobody the fixture's teacher is.
  await db.insert(classSubjects).values([
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: maths, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: vib, subjectId: hindi, teacherId: null },
    { id: randomUUID(), tenantId: 'green', classId: viic, subjectId: hindi, teacherId: null },
  ]);
  const childId = randomUUID();
  await db.insert(students).values({ id: childId, tenantId: 'green', admissionId: 'green-070', firstName: 'Zoya', classId: viic });
  const parentId = randomUUID();
  await db.insert(users).values({
    id: parentId,
    tenantId: 'green',
    username: 'other.parent@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'parent',
    status: 'active',
  });
  await db.insert(parentChildren).values({ tenantId: 'green', userId: parentId, studentId: childId });
  otherParent = await t.signIn('green', 'other.parent@example.in', fixturePassword);
});
afterAll(() => t.close());

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });

function give(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return as(token, { method: 'POST', url: homeworkPaths.create, payload: body, headers });
}

const sample = (classId: string, subjectId: string, extra: Record<string, unknown> = {}) => ({
  classId,
  subjectId,
  title: 'Exercise 4.2, questions 1-10',
  description: 'Show your working.',
  assignedDate: '2026-07-06',
  dueDate: '2026-07-08',
  ...extra,
});

async function given(token: string, classId: string, subjectId: string, extra: Record<string, unknown> = {}): Promise<Homework> {
  const response = await give(token, sample(classId, subjectId, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Homework;
}

describe('giving homework', () => {
  it('lets the teacher give it where they teach the subject or are class teacher, and stores it', async () => {
    const response = await give(tokens.teacher, { ...sample(vib, physics), id: randomUUID() });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ message: homeworkMessages.added, data: { classId: vib, subjectId: physics, title: 'Exercise 4.2, questions 1-10', assignedDate: '2026-07-06', dueDate: '2026-07-08', attachments: [] } });
    const [row] = await t.database.db.select().from(homework).where(eq(homework.id, body.data.id));
    expect(row).toMatchObject({ tenantId: 'green', classId: vib, createdBy: green.accounts.teacher.id, description: 'Show your working.' });
    // Class teacher of V-A: any subject the class takes.
    expect((await give(tokens.teacher, sample(va, maths))).statusCode).toBe(201);
    // The admin: any class.
    expect((await give(tokens.admin, sample(viic, hindi))).statusCode).toBe(201);
  });

  it('refuses a teacher outside the mapping, and students and parents', async () => {
    const before = await t.database.db.select().from(homework);
    const refused = await give(tokens.teacher, sample(vib, hindi));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(homeworkMessages.notYourClass);
    expect((await give(tokens.teacher, sample(viic, hindi))).statusCode).toBe(403);
    for (const role of ['student', 'parent'] as const) {
      const response = await give(tokens[role], sample(va, maths));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.auth.forbidden);
    }
    expect(await t.database.db.select().from(homework)).toHaveLength(before.length);
  });

  it('refuses a subject the class does not take', async () => {
    const response = await give(tokens.admin, sample(va, physics));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: homeworkMessages.subjectNotTaken, data: { fieldErrors: { subjectId: [homeworkMessages.subjectNotTaken] } } });
  });

  it('answers another school’s class and subject as unknown ones', async () => {
    const response = await t.call({ method: 'POST', url: homeworkPaths.create, tenant: 'river', token: riverAdmin, payload: sample(vib, physics) });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fieldErrors).toEqual({ classId: [messages.classes.notFound], subjectId: [messages.subjects.notFound] });
    const mixed = await t.call({ method: 'POST', url: homeworkPaths.create, tenant: 'river', token: riverAdmin, payload: sample(river.classIds[1]!, physics) });
    expect(mixed.json().data.fieldErrors).toEqual({ subjectId: [messages.subjects.notFound] });
  });

  it('says what is wrong with the fields', async () => {
    const due = await give(tokens.admin, sample(va, maths, { assignedDate: '10/07/2026', dueDate: '09/07/2026' }));
    expect(due.statusCode).toBe(400);
    expect(due.json().data.fieldErrors.dueDate).toEqual([homeworkMessages.dueBeforeAssigned]);
    // Without an assigned date it is given today: a due date already past is before it.
    const past = await give(tokens.admin, sample(va, maths, { assignedDate: undefined, dueDate: '2020-01-01' }));
    expect(past.json().data.fieldErrors.dueDate).toEqual([homeworkMessages.dueBeforeAssigned]);
    const title = await give(tokens.admin, sample(va, maths, { title: '   ' }));
    expect(title.json().data.fieldErrors.title).toEqual([messages.records.fields.required('Title')]);
    const date = await give(tokens.admin, sample(va, maths, { dueDate: '31/02/2026' }));
    expect(date.json().data.fieldErrors.dueDate).toEqual([messages.records.fields.date('Due date')]);
    const nul = await give(tokens.admin, sample(va, maths, { title: 'Read\u0000 chapter 3' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(messages.common.unstorableText);
    // Indian dates are read day first.
    const indian = await given(tokens.admin, va, maths, { assignedDate: '06/07/2026', dueDate: '08-07-2026' });
    expect([indian.assignedDate, indian.dueDate]).toEqual(['2026-07-06', '2026-07-08']);
  });

  it('creates once under one Idempotency-Key (an offline create sent twice)', async () => {
    const id = randomUUID();
    const headers = keyHeader();
    const first = await give(tokens.teacher, { ...sample(vib, physics), id }, headers);
    const again = await give(tokens.teacher, { ...sample(vib, physics), id }, headers);
    expect(first.statusCode).toBe(201);
    expect(isReplay(again)).toBe(true);
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(homework).where(eq(homework.id, id))).toHaveLength(1);
  });
});

describe('changing homework', () => {
  it('updates under the teaching rule, keeps the class, and applies the baseRev rule', async () => {
    const made = await given(tokens.teacher, vib, physics);
    const url = homeworkPaths.update(made.id);
    const changed = await as(tokens.teacher, { method: 'PUT', url, payload: { ...sample(vib, physics), title: 'Exercise 4.3', baseRev: made.rev } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: homeworkMessages.updated, data: { title: 'Exercise 4.3' } });
    // A device that edited the first copy loses to the newer one.
    const stale = await as(tokens.admin, { method: 'PUT', url, payload: { ...sample(vib, physics), title: 'Old copy', baseRev: made.rev } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ title: 'Exercise 4.3', conflict: { entity: 'homework', reason: 'changed' } });
    const moved = await as(tokens.admin, { method: 'PUT', url, payload: sample(va, maths) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(homeworkMessages.classFixed);
    // To a subject the teacher does not teach there: refused.
    const hindiNow = await as(tokens.teacher, { method: 'PUT', url, payload: sample(vib, hindi) });
    expect(hindiNow.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(homework).where(eq(homework.id, made.id));
    expect(row).toMatchObject({ title: 'Exercise 4.3', subjectId: physics, classId: vib });
  });

  it('refuses a teacher changing homework outside their subjects, and other schools', async () => {
    const admins = await given(tokens.admin, vib, hindi);
    expect((await as(tokens.teacher, { method: 'PUT', url: homeworkPaths.update(admins.id), payload: sample(vib, hindi, { title: 'Mine now' }) })).statusCode).toBe(403);
    expect((await as(tokens.teacher, { method: 'DELETE', url: homeworkPaths.remove(admins.id) })).statusCode).toBe(403);
    const elsewhere = { tenant: 'river', token: riverAdmin };
    expect((await t.call({ ...elsewhere, method: 'GET', url: homeworkPaths.one(admins.id) })).statusCode).toBe(404);
    expect((await t.call({ ...elsewhere, method: 'PUT', url: homeworkPaths.update(admins.id), payload: sample(vib, hindi) })).statusCode).toBe(404);
    const gone = await t.call({ ...elsewhere, method: 'DELETE', url: homeworkPaths.remove(admins.id) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(homeworkMessages.notFound);
    expect((await as(tokens.admin, { method: 'GET', url: homeworkPaths.one(admins.id) })).json().data.title).toBe('Exercise 4.2, questions 1-10');
  });

  it('deletes: gone from reads, its done marks tombstoned', async () => {
    const made = await given(tokens.teacher, va, maths);
    expect((await as(tokens.student, { method: 'POST', url: homeworkPaths.done(made.id), payload: { studentId: green.studentIds[0], done: true } })).statusCode).toBe(200);
    const deleted = await as(tokens.teacher, { method: 'DELETE', url: homeworkPaths.remove(made.id) });
    expect(deleted.json()).toMatchObject({ message: homeworkMessages.deleted, data: { id: made.id } });
    expect((await as(tokens.admin, { method: 'GET', url: homeworkPaths.one(made.id) })).statusCode).toBe(404);
    const [mark] = await t.database.db.select().from(homeworkDone).where(eq(homeworkDone.homeworkId, made.id));
    expect(mark?.deletedAt).not.toBeNull();
    expect((await as(tokens.teacher, { method: 'DELETE', url: homeworkPaths.remove(made.id) })).statusCode).toBe(404);
  });
});

describe('reading homework', () => {
  it('shows staff the school’s and a family only their classes’', async () => {
    const forVa = await given(tokens.admin, va, maths, { title: 'V-A reading' });
    const forViic = await given(tokens.admin, viic, hindi, { title: 'VII-C reading' });
    const ids = async (token: string) => ((await as(token, { method: 'GET', url: homeworkPaths.all })).json().data as Homework[]).map((h) => h.id);
    expect(await ids(tokens.teacher)).toEqual(expect.arrayContaining([forVa.id, forViic.id]));
    expect(await ids(tokens.student)).toContain(forVa.id);
    expect(await ids(tokens.student)).not.toContain(forViic.id);
    expect(await ids(otherParent)).toEqual(expect.arrayContaining([forViic.id]));
    expect(await ids(otherParent)).not.toContain(forVa.id);
    expect((await as(otherParent, { method: 'GET', url: homeworkPaths.one(forVa.id) })).statusCode).toBe(404);
    const page = await as(tokens.student, { method: 'GET', url: `${homeworkPaths.page}?size=1&classId=${va}` });
    expect(page.json().data).toMatchObject({ size: 1, content: [{ classId: va }] });
    const search = await as(otherParent, { method: 'GET', url: `${homeworkPaths.searchColumn}?column=title&value=reading` });
    expect((search.json().data.content as Homework[]).map((h) => h.id)).toEqual([forViic.id]);
    expect((await as(tokens.admin, { method: 'GET', url: `${homeworkPaths.searchColumn}?column=classId&value=x` })).json().message).toBe(homeworkMessages.invalidColumn);
  });

  it('pulls the school’s for staff, a student their class’s, a parent their children’s classes’ and each family’s own done marks', async () => {
    const forVa = await given(tokens.admin, va, maths, { title: 'Pull V-A' });
    const forVib = await given(tokens.teacher, vib, physics, { title: 'Pull VI-B' });
    const forViic = await given(tokens.admin, viic, hindi, { title: 'Pull VII-C' });
    await as(tokens.student, { method: 'POST', url: homeworkPaths.done(forVa.id), payload: { studentId: green.studentIds[0], done: true } });
    await as(tokens.parent, { method: 'POST', url: homeworkPaths.done(forVib.id), payload: { studentId: green.studentIds[1], done: true } });
    const pulled = async (token: string) => {
      const { changes } = await pullAll(t, 'green', token);
      return {
        homework: changes.filter((c) => c.entity === 'homework' && c.op === 'upsert').map((c) => c.record as Homework),
        done: changes.filter((c) => c.entity === 'homeworkDone' && c.op === 'upsert').map((c) => c.record as HomeworkDone),
      };
    };
    const idsOf = (list: { id: string }[]) => list.map((item) => item.id);
    const staff = await pulled(tokens.teacher);
    expect(idsOf(staff.homework)).toEqual(expect.arrayContaining([forVa.id, forVib.id, forViic.id]));
    expect(staff.done.length).toBeGreaterThanOrEqual(2);
    const student = await pulled(tokens.student);
    expect(idsOf(student.homework)).toContain(forVa.id);
    expect(student.homework.every((h) => h.classId === va)).toBe(true);
    expect(student.done.every((d) => d.studentId === green.studentIds[0])).toBe(true);
    expect(student.done.map((d) => d.homeworkId)).toContain(forVa.id);
    const parent = await pulled(tokens.parent);
    expect(new Set(parent.homework.map((h) => h.classId))).toEqual(new Set([va, vib]));
    expect(new Set(parent.done.map((d) => d.studentId))).toEqual(new Set(green.studentIds.slice(0, 2)));
    const other = await pulled(otherParent);
    expect(idsOf(other.homework)).toContain(forViic.id);
    expect(other.homework.every((h) => h.classId === viic)).toBe(true);
    expect(other.done).toEqual([]);
    // The record as GET /homework/{id} answers it.
    const one = (await as(tokens.parent, { method: 'GET', url: homeworkPaths.one(forVib.id) })).json().data;
    expect(parent.homework.find((h) => h.id === forVib.id)).toEqual(one);
  });
});

describe('done marks', () => {
  it('are idempotent and made by the student or their parent only', async () => {
    const made = await given(tokens.teacher, va, maths);
    const url = homeworkPaths.done(made.id);
    const studentId = green.studentIds[0]!;
    const first = await as(tokens.student, { method: 'POST', url, payload: { studentId, done: true } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: homeworkMessages.markedDone, data: { homeworkId: made.id, studentId, done: true } });
    const again = await as(tokens.parent, { method: 'POST', url, payload: { studentId, done: true } });
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.database.db.select().from(homeworkDone).where(and(eq(homeworkDone.homeworkId, made.id), eq(homeworkDone.studentId, studentId)));
    expect(rows).toHaveLength(1);
    const undone = await as(tokens.parent, { method: 'POST', url, payload: { studentId, done: false } });
    expect(undone.json()).toMatchObject({ message: homeworkMessages.markedNotDone, data: { done: false, doneAt: null } });
    expect(undone.json().data.rev).toBeGreaterThan(first.json().data.rev);

    const other = await as(otherParent, { method: 'POST', url, payload: { studentId, done: true } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(homeworkMessages.notYourStudent);
    // A student marks only themselves (Kabir is in V-A too).
    expect((await as(tokens.student, { method: 'POST', url, payload: { studentId: green.studentIds[2], done: true } })).statusCode).toBe(403);
    expect((await as(tokens.teacher, { method: 'POST', url, payload: { studentId, done: true } })).statusCode).toBe(403);
    // The parent's other child is in VI-B: not this homework's class.
    const wrongClass = await as(tokens.parent, { method: 'POST', url, payload: { studentId: green.studentIds[1], done: true } });
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json().message).toBe(homeworkMessages.studentNotInClass);
    const bad = await as(tokens.student, { method: 'POST', url, payload: { studentId, done: 'yes' } });
    expect(bad.json().data.fieldErrors.done).toEqual([homeworkMessages.doneFlag]);
    const elsewhere = await as(otherParent, { method: 'POST', url: homeworkPaths.done(made.id), payload: { studentId: green.studentIds[0], done: true } });
    expect(elsewhere.statusCode).toBe(403);
  });
});
