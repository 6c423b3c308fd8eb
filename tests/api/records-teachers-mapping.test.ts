import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { classes, teachers, users } from '../../server/db/core-tables';
import { canTeachClass, teacherClassIds } from '../../server/module-kit/teaching';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green', { teacherClasses: 'first' });
  river = await createSchoolFixture(t.database.db, 'river', { teacherClasses: 'first' });
  for (const role of ['admin', 'teacher', 'student', 'parent']) tokens[role] = await t.signIn('green', `${role}@example.in`, fixturePassword);
  tokens.riverAdmin = await t.signIn('river', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const as = (role: string, options: Parameters<TestApp['call']>[0]) =>
  t.call({ tenant: role === 'riverAdmin' ? 'river' : 'green', token: tokens[role], ...options });

describe('teachers', () => {
  it('creates, reads, updates and deletes, with unique employee id and e-mail', async () => {
    const created = await as('admin', {
      method: 'POST',
      url: paths.teachers.create,
      payload: { employeeId: 'EMP-02', firstName: 'Farhan', lastName: 'Ali', emailId: 'Farhan@Example.in', phoneNumber: '07012345678', subjects: 'Maths, Physics', dateOfBirth: '1985-01-20' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: messages.teachers.added, data: { employeeId: 'EMP-02', emailId: 'farhan@example.in', phoneNumber: '7012345678', subjects: 'Maths, Physics' } });
    const id = created.json().data.id as string;
    expect((await as('teacher', { method: 'GET', url: paths.teachers.one(id) })).json().data.firstName).toBe('Farhan');
    expect((await as('admin', { method: 'POST', url: paths.teachers.create, payload: { employeeId: 'EMP-02', firstName: 'X' } })).json().message).toBe(messages.teachers.duplicateEmployeeId);
    expect((await as('admin', { method: 'POST', url: paths.teachers.create, payload: { employeeId: 'EMP-03', firstName: 'X', emailId: 'farhan@example.in' } })).statusCode).toBe(409);
    const updated = await as('admin', { method: 'PUT', url: paths.teachers.update(id), payload: { employeeId: 'EMP-02', firstName: 'Farhan', lastName: 'Khan' } });
    expect(updated.json()).toMatchObject({ message: messages.teachers.updated, data: { lastName: 'Khan', emailId: null } });
    const search = await as('admin', { method: 'GET', url: `${paths.teachers.searchColumn}?column=name&value=farhan%20k` });
    expect(search.json().data.totalElements).toBe(1);
    expect((await as('admin', { method: 'GET', url: `${paths.teachers.page}?size=1` })).json().data).toMatchObject({ size: 1, totalElements: 2 });
    expect((await as('admin', { method: 'DELETE', url: paths.teachers.remove(id) })).json().message).toBe(messages.teachers.deleted);
    expect((await as('admin', { method: 'GET', url: paths.teachers.one(id) })).statusCode).toBe(404);
  });

  it('links the teacher account with the record’s e-mail, and unlinks it when the e-mail changes', async () => {
    const accountId = randomUUID();
    await t.database.db.insert(users).values({ id: accountId, tenantId: 'green', username: 'leela@example.in', passwordHash: 'x', role: 'teacher', status: 'pending' });
    const created = await as('admin', { method: 'POST', url: paths.teachers.create, payload: { employeeId: 'EMP-10', firstName: 'Leela', emailId: 'leela@example.in' } });
    const teacherId = created.json().data.id as string;
    const account = async () => (await t.database.db.select().from(users).where(eq(users.id, accountId)))[0];
    expect(await account()).toMatchObject({ teacherId, status: 'pending' });
    await as('admin', { method: 'PUT', url: paths.teachers.update(teacherId), payload: { employeeId: 'EMP-10', firstName: 'Leela', emailId: 'leela.k@example.in' } });
    expect((await account())?.teacherId).toBeNull();
  });

  it('lets only admins write teachers; students and parents read nothing', async () => {
    expect((await as('teacher', { method: 'POST', url: paths.teachers.create, payload: { employeeId: 'T', firstName: 'T' } })).statusCode).toBe(403);
    expect((await as('teacher', { method: 'DELETE', url: paths.teachers.remove(green.teacherId) })).statusCode).toBe(403);
    expect((await as('student', { method: 'GET', url: paths.teachers.all })).statusCode).toBe(403);
    expect((await as('parent', { method: 'GET', url: paths.teachers.one(green.teacherId) })).statusCode).toBe(403);
    expect((await as('admin', { method: 'GET', url: paths.teachers.one(river.teacherId) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'PUT', url: paths.teachers.update(river.teacherId), payload: { firstName: 'X' } })).statusCode).toBe(404);
  });
});

describe('subjects, class-subject mapping and class teachers', () => {
  let maths: string;
  let hindi: string;

  it('keeps a subject list with unique names', async () => {
    const created = await as('admin', { method: 'POST', url: paths.subjects.create, payload: { subjectName: 'Mathematics', subjectCode: 'MAT' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(messages.subjects.added);
    maths = created.json().data.id;
    hindi = (await as('admin', { method: 'POST', url: paths.subjects.create, payload: { subjectName: 'Hindi' } })).json().data.id;
    expect((await as('admin', { method: 'POST', url: paths.subjects.create, payload: { subjectName: 'mathematics' } })).json().message).toBe(messages.subjects.duplicate);
    expect((await as('teacher', { method: 'GET', url: paths.subjects.all })).json().data.map((s: { subjectName: string }) => s.subjectName)).toEqual(['Hindi', 'Mathematics']);
    expect((await as('admin', { method: 'GET', url: `${paths.subjects.searchColumn}?column=subjectCode&value=ma` })).json().data.totalElements).toBe(1);
    expect((await as('admin', { method: 'PUT', url: paths.subjects.update(hindi), payload: { subjectName: 'Hindi', subjectCode: 'HIN' } })).json().data.subjectCode).toBe('HIN');
    expect((await as('teacher', { method: 'POST', url: paths.subjects.create, payload: { subjectName: 'Art' } })).statusCode).toBe(403);
    expect((await as('student', { method: 'GET', url: paths.subjects.all })).statusCode).toBe(403);
    expect((await as('riverAdmin', { method: 'GET', url: paths.subjects.one(maths) })).statusCode).toBe(404);
  });

  it('maps subjects to classes with teachers, and that decides which classes a teacher may edit', async () => {
    const [va, vib] = green.classIds as [string, string];
    const diya = green.studentIds[1]!; // in VI-B
    const edit = () => as('teacher', { method: 'PUT', url: paths.students.update(diya), payload: { admissionId: 'green-002', firstName: 'Diya', lastName: 'Sharma', classId: vib } });
    expect((await edit()).statusCode).toBe(403);
    expect(await teacherClassIds(t.database.db, 'green', green.teacherId)).toEqual([va]);

    const mapped = await as('admin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: vib, subjectId: maths, teacherId: green.teacherId } });
    expect(mapped.statusCode).toBe(201);
    expect(mapped.json()).toMatchObject({ message: messages.classSubjects.added, data: { className: 'VI', classSection: 'B', subjectName: 'Mathematics', teacherName: 'Meera Nair' } });
    expect((await as('admin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: vib, subjectId: maths } })).json().message).toBe(messages.classSubjects.duplicate);
    expect((await teacherClassIds(t.database.db, 'green', green.teacherId)).sort()).toEqual([va, vib].sort());
    expect((await edit()).statusCode).toBe(200);
    const teacherUser = { role: 'teacher' as const, tenantId: 'green', teacherId: green.teacherId };
    expect(await canTeachClass(t.database.db, teacherUser, vib)).toBe(true);
    expect(await canTeachClass(t.database.db, { ...teacherUser, role: 'admin' }, river.classIds[0]!)).toBe(true);
    expect(await canTeachClass(t.database.db, { ...teacherUser, role: 'student' }, va)).toBe(false);

    const mine = (await as('teacher', { method: 'GET', url: paths.classSubjects.myClasses })).json().data as { id: string }[];
    expect(mine.map((c) => c.id).sort()).toEqual([va, vib].sort());

    // taken off the subject: no longer allowed
    const id = mapped.json().data.id as string;
    const moved = await as('admin', { method: 'PUT', url: paths.classSubjects.update(id), payload: { classId: vib, subjectId: maths, teacherId: null } });
    expect(moved.json()).toMatchObject({ message: messages.classSubjects.updated, data: { teacherId: null, teacherName: null } });
    expect((await edit()).statusCode).toBe(403);
    expect((await as('admin', { method: 'DELETE', url: paths.subjects.remove(maths) })).json().message).toBe(messages.subjects.stillMapped(1));
    expect((await as('admin', { method: 'DELETE', url: paths.classSubjects.remove(id) })).json().message).toBe(messages.classSubjects.deleted);
    expect((await as('admin', { method: 'DELETE', url: paths.subjects.remove(maths) })).json().message).toBe(messages.subjects.deleted);
  });

  it('lists and searches the mapping, refusing other schools’ references', async () => {
    const [va] = green.classIds as [string];
    await as('admin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: va, subjectId: hindi, teacherId: green.teacherId } });
    expect((await as('teacher', { method: 'GET', url: `${paths.classSubjects.all}?classId=${va}` })).json().data).toHaveLength(1);
    expect((await as('admin', { method: 'GET', url: `${paths.classSubjects.searchColumn}?column=teacherName&value=meera` })).json().data.totalElements).toBe(1);
    expect((await as('admin', { method: 'GET', url: `${paths.classSubjects.page}?teacherId=${green.teacherId}` })).json().data.totalElements).toBe(1);
    const foreign = await as('admin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: river.classIds[0], subjectId: hindi, teacherId: river.teacherId } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.fieldErrors).toMatchObject({ classId: [messages.classes.notFound], teacherId: [messages.teachers.notFound] });
    expect((await as('teacher', { method: 'POST', url: paths.classSubjects.create, payload: { classId: va, subjectId: hindi } })).statusCode).toBe(403);
  });

  it('pages the school’s own mapping with each teacher’s current name, and none where no teacher is set', async () => {
    const [va, vib] = green.classIds as [string, string];
    const riverHindi = (await as('riverAdmin', { method: 'POST', url: paths.subjects.create, payload: { subjectName: 'Hindi' } })).json().data.id as string;
    const riverRow = await as('riverAdmin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: river.classIds[0], subjectId: riverHindi, teacherId: river.teacherId } });
    expect(riverRow.statusCode).toBe(201);
    const bare = await as('admin', { method: 'POST', url: paths.classSubjects.create, payload: { classId: vib, subjectId: hindi } });
    expect(bare.statusCode).toBe(201);
    const firstPage = async () => (await as('admin', { method: 'GET', url: `${paths.classSubjects.page}?page=0&size=20` })).json().data;
    const named = (page: { content: { classId: string; subjectName: string; teacherName: string | null }[] }) =>
      page.content.map((row) => [row.classId === va ? 'V-A' : 'VI-B', row.subjectName, row.teacherName]);
    expect(named(await firstPage())).toEqual([
      ['V-A', 'Hindi', 'Meera Nair'],
      ['VI-B', 'Hindi', null],
    ]);
    expect((await firstPage()).totalElements).toBe(2);
    expect((await firstPage()).content).toEqual((await as('admin', { method: 'GET', url: paths.classSubjects.all })).json().data);

    // renamed (here straight in the database): the mapping's own row is unchanged
    await t.database.db.update(teachers).set({ lastName: 'Iyer' }).where(eq(teachers.id, green.teacherId));
    expect(named(await firstPage())[0]).toEqual(['V-A', 'Hindi', 'Meera Iyer']);
    await t.database.db.update(teachers).set({ lastName: 'Nair' }).where(eq(teachers.id, green.teacherId));
    expect((await as('admin', { method: 'DELETE', url: paths.classSubjects.remove(bare.json().data.id) })).statusCode).toBe(200);
  });

  it('sets and clears the class teacher (admins only), which a teacher’s rights follow', async () => {
    const [va, vib] = green.classIds as [string, string];
    expect((await as('teacher', { method: 'PUT', url: paths.classes.classTeacher(vib), payload: { teacherId: green.teacherId } })).statusCode).toBe(403);
    const set = await as('admin', { method: 'PUT', url: paths.classes.classTeacher(vib), payload: { teacherId: green.teacherId } });
    expect(set.json()).toMatchObject({ message: messages.classSubjects.classTeacherSet, data: { id: vib, classTeacherId: green.teacherId } });
    expect((await as('teacher', { method: 'GET', url: paths.classes.one(vib) })).json().data.classTeacherId).toBe(green.teacherId);
    expect(await canTeachClass(t.database.db, { role: 'teacher', tenantId: 'green', teacherId: green.teacherId }, vib)).toBe(true);
    const cleared = await as('admin', { method: 'PUT', url: paths.classes.classTeacher(vib), payload: { teacherId: null } });
    expect(cleared.json().message).toBe(messages.classSubjects.classTeacherCleared);
    expect((await as('admin', { method: 'PUT', url: paths.classes.classTeacher(vib), payload: { teacherId: river.teacherId } })).statusCode).toBe(400);
    expect((await as('admin', { method: 'PUT', url: paths.classes.classTeacher(river.classIds[0]!), payload: { teacherId: null } })).statusCode).toBe(404);
    // a teacher edits and deletes only their own classes
    expect((await as('teacher', { method: 'PUT', url: paths.classes.update(vib), payload: { className: 'VI', classSection: 'C' } })).statusCode).toBe(403);
    expect((await as('teacher', { method: 'DELETE', url: paths.classes.remove(vib) })).statusCode).toBe(403);
    expect((await as('teacher', { method: 'PUT', url: paths.classes.update(va), payload: { className: 'V', classSection: 'A' } })).statusCode).toBe(200);
  });

  it('takes a deleted teacher off their classes and subjects', async () => {
    const created = await as('admin', { method: 'POST', url: paths.teachers.create, payload: { employeeId: 'EMP-20', firstName: 'Gone' } });
    const id = created.json().data.id as string;
    const [va] = green.classIds as [string];
    await as('admin', { method: 'PUT', url: paths.classes.classTeacher(va), payload: { teacherId: id } });
    await as('admin', { method: 'DELETE', url: paths.teachers.remove(id) });
    const [row] = await t.database.db.select().from(classes).where(eq(classes.id, va));
    expect(row?.classTeacherId).toBeNull();
    await as('admin', { method: 'PUT', url: paths.classes.classTeacher(va), payload: { teacherId: green.teacherId } });
  });
});
