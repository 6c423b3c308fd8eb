/**
 * sync/pull for the records of the register: subjects, class-subject mappings, admissions and
 * certificates. Records as their read endpoints return them, scoped by role, deletes as
 * tombstones, a record sent again when a part of it from another table changes, and nothing of
 * another school. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import type { SyncChange, SyncEntity } from '../../contract/sync';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let g: Tokens;
let b: Tokens;
let classA: string;
let classB: string;
let aarav: string;
const made = { maths: '', hindi: '', art: '', mapA: '', mapB: '', admission: '', admittedStudent: '', certificate: '' };

async function write(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, school = 'green'): Promise<{ id: string }> {
  const response = await t.call({ method, url, tenant: school, token: school === 'green' ? g.admin : b.admin, payload: payload as object });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as { id: string };
}

async function read(url: string): Promise<unknown> {
  const response = await t.call({ method: 'GET', url, tenant: 'green', token: g.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const of = (changes: SyncChange[], entity: SyncEntity) => changes.filter((c) => c.entity === entity);
const ids = (changes: SyncChange[], entity: SyncEntity) =>
  of(changes, entity)
    .map((c) => c.id)
    .sort();
const recordOf = (changes: SyncChange[], entity: SyncEntity, id: string) => changes.find((c) => c.entity === entity && c.id === id);

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green', { teacherClasses: 'first' });
  blue = await createSchoolFixture(t.database.db, 'blue', { teacherClasses: 'first' });
  [g, b] = await Promise.all([signInAll(t, green), signInAll(t, blue)]);
  [classA, classB] = green.classIds as [string, string];
  aarav = green.studentIds[0]!;

  made.maths = (await write('POST', paths.subjects.create, { subjectName: 'Mathematics', subjectCode: 'MATH' })).id;
  made.hindi = (await write('POST', paths.subjects.create, { subjectName: 'Hindi' })).id;
  made.art = (await write('POST', paths.subjects.create, { subjectName: 'Art' })).id;
  made.mapA = (await write('POST', paths.classSubjects.create, { classId: classA, subjectId: made.maths, teacherId: green.teacherId })).id;
  made.mapB = (await write('POST', paths.classSubjects.create, { classId: classB, subjectId: made.hindi })).id;
  const admission = await write('POST', paths.admissions.create, {
    admissionDate: '2025-06-10',
    student: { firstName: 'Tara', lastName: 'Menon', classId: classA },
  });
  made.admission = admission.id;
  made.admittedStudent = (admission as unknown as { studentId: string }).studentId;
  made.certificate = (await write('POST', paths.certificates.issue('bonafide', aarav), { purpose: 'Bank account' })).id;
  // The other school has its own records of every kind.
  const theirs = (await write('POST', paths.subjects.create, { subjectName: 'Mathematics' }, 'blue')).id;
  await write('POST', paths.classSubjects.create, { classId: blue.classIds[0], subjectId: theirs }, 'blue');
  await write('POST', paths.admissions.create, { student: { firstName: 'Ravi', classId: blue.classIds[0] } }, 'blue');
  await write('POST', paths.certificates.issue('studentDetails', blue.studentIds[0]!), {}, 'blue');
});
afterAll(() => t.close());

describe('records of the register through sync/pull', () => {
  it('gives an admin every subject, mapping, admission and certificate, each as its read endpoint returns it', async () => {
    const { changes } = await pullAll(t, 'green', g.admin);
    expect(ids(changes, 'subjects')).toEqual([made.maths, made.hindi, made.art].sort());
    expect(ids(changes, 'classSubjects')).toEqual([made.mapA, made.mapB].sort());
    expect(ids(changes, 'admissions')).toEqual([made.admission]);
    expect(ids(changes, 'certificates')).toEqual([made.certificate]);
    for (const [entity, url] of [
      ['subjects', paths.subjects.one(made.maths)],
      ['classSubjects', paths.classSubjects.one(made.mapA)],
      ['admissions', paths.admissions.one(made.admission)],
      ['certificates', paths.certificates.one(made.certificate)],
    ] as const) {
      const id = url.split('/').at(-1)!;
      const change = recordOf(changes, entity, id)!;
      expect(change.op).toBe('upsert');
      expect(change.record).toEqual(await read(url));
      expect(change.rev).toBe((change.record as { rev: number }).rev);
    }
    expect(recordOf(changes, 'admissions', made.admission)?.record).toMatchObject({
      admissionNumber: '2025-0001',
      className: 'V',
      student: { id: made.admittedStudent, firstName: 'Tara', className: 'V', schoolName: 'green School' },
    });
    expect(recordOf(changes, 'certificates', made.certificate)?.record).toMatchObject({
      kind: 'bonafide',
      serial: 'BC-0001',
      print: { serial: 'BC-0001', student: { id: aarav, fullName: 'Aarav Sharma' }, details: { purpose: 'Bank account' } },
    });
    // A teacher is staff too: the whole school.
    const teacher = await pullAll(t, 'green', g.teacher);
    expect(teacher.changes.map((c) => `${c.entity}:${c.id}`).sort()).toEqual(changes.map((c) => `${c.entity}:${c.id}`).sort());
  });

  it("gives a student the subjects and mappings of their class, a parent those of their children's classes, neither admissions nor certificates", async () => {
    const student = (await pullAll(t, 'green', g.student)).changes;
    expect(ids(student, 'subjects')).toEqual([made.maths]);
    expect(ids(student, 'classSubjects')).toEqual([made.mapA]);
    expect(recordOf(student, 'classSubjects', made.mapA)?.record).toMatchObject({ subjectName: 'Mathematics', teacherName: 'Meera Nair' });
    expect(ids(student, 'admissions')).toEqual([]);
    expect(ids(student, 'certificates')).toEqual([]);

    const parent = (await pullAll(t, 'green', g.parent)).changes;
    expect(ids(parent, 'subjects')).toEqual([made.maths, made.hindi].sort());
    expect(ids(parent, 'classSubjects')).toEqual([made.mapA, made.mapB].sort());
    expect(ids(parent, 'admissions')).toEqual([]);
    expect(ids(parent, 'certificates')).toEqual([]);
  });

  it("never sends another school's records", async () => {
    const greenIds = new Set((await pullAll(t, 'green', g.admin)).changes.map((c) => c.id));
    const theirs = (await pullAll(t, 'blue', b.admin)).changes;
    for (const entity of ['subjects', 'classSubjects', 'admissions', 'certificates'] as const) {
      expect(of(theirs, entity)).toHaveLength(1);
    }
    expect(theirs.some((c) => greenIds.has(c.id))).toBe(false);
  });

  it('sends an admission again when its student is edited, with the student as now', async () => {
    const { cursor } = await pullAll(t, 'green', g.admin);
    const before = (await read(paths.admissions.one(made.admission))) as { rev: number };
    const current = (await read(paths.students.one(made.admittedStudent))) as Record<string, unknown>;
    const { id: _id, rev: _rev, className: _c, classSection: _s, schoolName: _n, ...fields } = current;
    await write('PUT', paths.students.update(made.admittedStudent), { ...fields, firstName: 'Tanvi' });

    const { changes } = await pullAll(t, 'green', g.admin, cursor);
    const change = recordOf(changes, 'admissions', made.admission)!;
    expect(change.rev).toBeGreaterThan(before.rev);
    expect(change.record).toEqual(await read(paths.admissions.one(made.admission)));
    expect(change.record).toMatchObject({ student: { firstName: 'Tanvi' } });
  });

  it('sends mappings and admissions again when a class, subject or teacher they show is renamed', async () => {
    const { cursor } = await pullAll(t, 'green', g.student);
    const adminStart = (await pullAll(t, 'green', g.admin)).cursor;
    await write('PUT', paths.classes.update(classA), { className: 'V', classSection: 'C' });
    await write('PUT', paths.subjects.update(made.maths), { subjectName: 'Maths', subjectCode: 'MATH' });

    const family = (await pullAll(t, 'green', g.student, cursor)).changes;
    expect(recordOf(family, 'classSubjects', made.mapA)?.record).toMatchObject({ classSection: 'C', subjectName: 'Maths' });
    const staff = (await pullAll(t, 'green', g.admin, adminStart)).changes;
    expect(recordOf(staff, 'admissions', made.admission)?.record).toMatchObject({ classSection: 'C', student: { classSection: 'C' } });
    expect(recordOf(staff, 'classSubjects', made.mapA)?.record).toEqual(await read(paths.classSubjects.one(made.mapA)));
    // Mapping B's class and subject did not change: it does not travel again.
    expect(recordOf(staff, 'classSubjects', made.mapB)).toBeUndefined();
  });

  it('sends a subject synced long ago to a family once it is mapped to their class', async () => {
    const { cursor } = await pullAll(t, 'green', g.student);
    const mapped = await write('POST', paths.classSubjects.create, { classId: classA, subjectId: made.art });
    const { changes } = await pullAll(t, 'green', g.student, cursor);
    expect(ids(changes, 'classSubjects')).toEqual([mapped.id]);
    expect(recordOf(changes, 'subjects', made.art)?.record).toEqual(await read(paths.subjects.one(made.art)));
  });

  it('sends deletes as tombstones, to the family that saw them too', async () => {
    const staffStart = (await pullAll(t, 'green', g.admin)).cursor;
    const familyStart = (await pullAll(t, 'green', g.parent)).cursor;
    await write('DELETE', paths.classSubjects.remove(made.mapB));
    await write('DELETE', paths.subjects.remove(made.hindi));

    for (const [token, cursor] of [
      [g.admin, staffStart],
      [g.parent, familyStart],
    ] as const) {
      const { changes } = await pullAll(t, 'green', token, cursor);
      expect(recordOf(changes, 'classSubjects', made.mapB)).toMatchObject({ op: 'delete' });
      expect(recordOf(changes, 'subjects', made.hindi)).toMatchObject({ op: 'delete' });
      expect(changes.filter((c) => c.op === 'delete').every((c) => c.record === undefined)).toBe(true);
    }
    // A pull from empty needs no tombstones of what it never had.
    const fresh = (await pullAll(t, 'green', g.admin)).changes;
    expect(recordOf(fresh, 'classSubjects', made.mapB)).toBeUndefined();
    expect(recordOf(fresh, 'subjects', made.hindi)).toBeUndefined();
  });
});
