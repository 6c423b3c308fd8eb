/**
 * Teachers mark and edit attendance only in their classes (class teacher, or teaching a subject
 * there: server/module-kit/teaching.ts); admins everywhere. An assignment by the admin
 * takes effect at once, and GET /classSubjects/myClasses follows it.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSheetResult } from '../../contract/attendance';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { attendance } from '../../server/modules/attendance/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let g: Tokens;
let classA: string;
let classB: string;
let aarav: string;
let diya: string;
let dateCounter = 0;
/** A fresh date for each sheet, so no mark meets another. */
const nextDate = () => `2025-09-${String(++dateCounter).padStart(2, '0')}`;

function mark(token: string, classId: string, studentId: string, date = nextDate()) {
  return t.call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant: 'green',
    token,
    payload: { classId, date, entries: [{ studentId, status: 'absent' }] },
    headers: keyHeader(),
  });
}

async function admin(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.call({ method, url, tenant: 'green', token: g.admin, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as { id: string };
}

async function myClasses(token: string): Promise<string[]> {
  const response = await t.call({ method: 'GET', url: paths.classSubjects.myClasses, tenant: 'green', token });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: string }[]).map((row) => row.id).sort();
}

const marksOf = async (studentId: string) =>
  (await t.database.db.select().from(attendance).where(eq(attendance.studentId, studentId))).length;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green', { teacherClasses: 'first' });
  g = await signInAll(t, green);
  [classA, classB] = green.classIds as [string, string];
  [aarav, diya] = green.studentIds as [string, string];
});
afterAll(() => t.close());

describe('who marks which class', () => {
  it("refuses a teacher marking another teacher's class with 403 and the rule, and writes nothing", async () => {
    expect(await myClasses(g.teacher)).toEqual([classA]);
    const refused = await mark(g.teacher, classB, diya);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: messages.attendance.notYourClass });
    expect(await marksOf(diya)).toBe(0);
    // Their own class is fine; the admin marks any class.
    expect((await mark(g.teacher, classA, aarav)).statusCode).toBe(200);
    expect((await mark(g.admin, classB, diya)).statusCode).toBe(200);
    expect(await myClasses(g.admin)).toEqual([...green.classIds].sort());
  });

  it("refuses a teacher deleting a mark of another teacher's class", async () => {
    const marked = (await mark(g.admin, classB, diya)).json().data as MarkSheetResult;
    const id = marked.records[0]!.id;
    const refused = await t.call({ method: 'DELETE', url: paths.attendance.remove(id), tenant: 'green', token: g.teacher, headers: keyHeader() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.attendance.notYourClass);
    const [row] = await t.database.db.select().from(attendance).where(eq(attendance.id, id));
    expect(row?.deletedAt).toBeNull();
  });

  it('lets the teacher mark a class once the admin makes them its class teacher, and not after it is cleared', async () => {
    await admin('PUT', paths.classes.classTeacher(classB), { teacherId: green.teacherId });
    expect(await myClasses(g.teacher)).toEqual([classA, classB].sort());
    expect((await mark(g.teacher, classB, diya)).statusCode).toBe(200);

    await admin('PUT', paths.classes.classTeacher(classB), { teacherId: null });
    expect(await myClasses(g.teacher)).toEqual([classA]);
    expect((await mark(g.teacher, classB, diya)).statusCode).toBe(403);
  });

  it('lets the teacher mark a class once the admin maps them to a subject there, and not after the mapping goes', async () => {
    const subject = await admin('POST', paths.subjects.create, { subjectName: 'Geography' });
    const mapping = await admin('POST', paths.classSubjects.create, { classId: classB, subjectId: subject.id, teacherId: green.teacherId });
    expect(await myClasses(g.teacher)).toEqual([classA, classB].sort());
    const date = nextDate();
    const marked = await mark(g.teacher, classB, diya, date);
    expect(marked.statusCode).toBe(200);
    const record = (marked.json().data as MarkSheetResult).records[0]!;
    expect(record).toMatchObject({ studentId: diya, classId: classB, date, status: 'absent', markedBy: green.accounts.teacher.id });

    await admin('PUT', paths.classSubjects.update(mapping.id), { classId: classB, subjectId: subject.id, teacherId: null });
    expect(await myClasses(g.teacher)).toEqual([classA]);
    expect((await mark(g.teacher, classB, diya)).statusCode).toBe(403);

    await admin('PUT', paths.classSubjects.update(mapping.id), { classId: classB, subjectId: subject.id, teacherId: green.teacherId });
    expect(await myClasses(g.teacher)).toEqual([classA, classB].sort());
    await admin('DELETE', paths.classSubjects.remove(mapping.id));
    expect(await myClasses(g.teacher)).toEqual([classA]);
    const refused = await t.call({ method: 'DELETE', url: paths.attendance.remove(record.id), tenant: 'green', token: g.teacher, headers: keyHeader() });
    expect(refused.statusCode).toBe(403);
  });
});
