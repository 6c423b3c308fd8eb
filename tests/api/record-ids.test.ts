/**
 * Creates with a device-minted record id that is already in use: an id of another school's record
 * gets exactly the answer an id of the caller's own school gets (409, one message that says neither),
 * so nobody learns that the id exists elsewhere; and nothing is written either way.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { classSubjects, classes, students, subjects, teachers } from '../../server/db/core-tables';
import { admissions } from '../../server/modules/admissions/tables';
import { certificates } from '../../server/modules/certificates/tables';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
const tokens: Record<'green' | 'river', string> = { green: '', river: '' };

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  tokens.green = await t.signIn('green', 'admin@example.in', fixturePassword);
  tokens.river = await t.signIn('river', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const post = (school: 'green' | 'river', url: string, payload: object) =>
  t.call({ method: 'POST', url, tenant: school, token: tokens[school], payload });

async function created(school: 'green' | 'river', url: string, payload: object): Promise<string> {
  const response = await post(school, url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: string } }).data.id;
}

const rowsIn = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]?.n;

/** Sends the create with another school's id and with an id of the caller's own school. */
async function expectSameAnswer(table: PgTable, url: string, payload: object, ids: { theirs: string; ours: string }) {
  const before = await rowsIn(table);
  const theirs = await post('green', url, { ...payload, id: ids.theirs });
  const ours = await post('green', url, { ...payload, id: ids.ours });
  expect(theirs.statusCode).toBe(409);
  expect(theirs.json()).toEqual({ success: false, message: messages.records.idTaken, data: null });
  expect(ours.statusCode).toBe(theirs.statusCode);
  expect(ours.body).toBe(theirs.body);
  expect(await rowsIn(table)).toBe(before);
  // The same create with a fresh id is fine: the id was the only problem.
  expect((await post('green', url, { ...payload, id: randomUUID() })).statusCode).toBe(201);
}

describe('a create with a record id already in use', () => {
  it('students', async () => {
    await expectSameAnswer(students, paths.students.create, { firstName: 'Isha', classId: green.classIds[0] }, { theirs: river.studentIds[0]!, ours: green.studentIds[0]! });
  });

  it('teachers', async () => {
    await expectSameAnswer(teachers, paths.teachers.create, { employeeId: 'EMP-77', firstName: 'Ravi' }, { theirs: river.teacherId, ours: green.teacherId });
  });

  it('classes', async () => {
    await expectSameAnswer(classes, paths.classes.create, { className: 'VII', classSection: 'C' }, { theirs: river.classIds[0]!, ours: green.classIds[0]! });
  });

  it('subjects', async () => {
    await expectSameAnswer(subjects, paths.subjects.create, { subjectName: 'Sanskrit' }, { theirs: river.subjectIds[0]!, ours: green.subjectIds[0]! });
  });

  it('class-subject mappings', async () => {
    const sanskrit = await created('green', paths.subjects.create, { subjectName: 'Sanskrit II' });
    const payload = { classId: green.classIds[0], subjectId: sanskrit };
    await expectSameAnswer(classSubjects, paths.classSubjects.create, payload, { theirs: river.classSubjectIds[0]!, ours: green.classSubjectIds[0]! });
  });

  it('admissions', async () => {
    const admission = (classId: string | undefined, firstName: string) => ({ admissionDate: '2025-06-10', student: { firstName, classId } });
    const theirs = await created('river', paths.admissions.create, admission(river.classIds[0], 'Tara'));
    const ours = await created('green', paths.admissions.create, admission(green.classIds[0], 'Neha'));
    await expectSameAnswer(admissions, paths.admissions.create, admission(green.classIds[0], 'Kavya'), { theirs, ours });
  });

  it('certificates', async () => {
    const theirs = await created('river', paths.certificates.issue('bonafide', river.studentIds[0]!), { issueDate: '2025-07-01', purpose: 'Bank account' });
    const ours = await created('green', paths.certificates.issue('transfer', green.studentIds[1]!), { issueDate: '2025-07-01' });
    await expectSameAnswer(certificates, paths.certificates.issue('bonafide', green.studentIds[0]!), { issueDate: '2025-07-01', purpose: 'Passport' }, { theirs, ours });
  });
});
