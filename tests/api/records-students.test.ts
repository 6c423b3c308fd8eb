import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../../contract/indian-ids';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { classes, parentChildren, students, users } from '../../server/db/core-tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
const tokens: Record<string, string> = {};

const aadhaar = (first11: string) => `${first11}${verhoeffCheckDigit(first11)}`;
const validAadhaar = aadhaar('23456789012');
const wrongCheckDigit = `${validAadhaar.slice(0, 11)}${(Number(validAadhaar[11]) + 1) % 10}`;

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

const newStudent = (extra: Record<string, unknown> = {}) => ({
  admissionId: `ADM-${randomUUID().slice(0, 8)}`,
  firstName: 'Ishaan',
  lastName: 'Verma',
  classId: green.classIds[0],
  ...extra,
});

describe('students', () => {
  it('creates, reads, updates and deletes one, with the spec columns and school name', async () => {
    const created = await as('admin', {
      method: 'POST',
      url: paths.students.create,
      payload: newStudent({
        admissionId: 'ADM-100',
        rollNumber: '7',
        phoneNumber: '+91 98765 43210',
        fatherName: 'Rakesh Verma',
        motherName: 'Sunita Verma',
        address: '4 Park Street, Kolkata',
        aadhaarId: `${validAadhaar.slice(0, 4)} ${validAadhaar.slice(4, 8)} ${validAadhaar.slice(8)}`,
        apaarId: '1234-5678-9012',
        dateOfBirth: '12/04/2014',
        gender: 'f',
      }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: messages.students.added,
      data: {
        admissionId: 'ADM-100',
        firstName: 'Ishaan',
        className: 'V',
        classSection: 'A',
        schoolName: 'green School',
        rollNumber: '7',
        phoneNumber: '9876543210',
        aadhaarId: validAadhaar,
        apaarId: '123456789012',
        dateOfBirth: '2014-04-12',
        gender: 'Female',
      },
    });
    const id = created.json().data.id as string;

    expect((await as('teacher', { method: 'GET', url: paths.students.one(id) })).json().data.fatherName).toBe('Rakesh Verma');
    const updated = await as('admin', {
      method: 'PUT',
      url: paths.students.update(id),
      payload: newStudent({ admissionId: 'ADM-100', firstName: 'Ishaan', classId: green.classIds[1], dateOfBirth: '3 March 2014' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: messages.students.updated, data: { className: 'VI', dateOfBirth: '2014-03-03', fatherName: null } });
    expect(updated.json().data.rev).toBeGreaterThan(created.json().data.rev);

    const deleted = await as('admin', { method: 'DELETE', url: paths.students.remove(id) });
    expect(deleted.json()).toMatchObject({ success: true, message: messages.students.deleted, data: { id } });
    expect((await as('admin', { method: 'GET', url: paths.students.one(id) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'DELETE', url: paths.students.remove(id) })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(students).where(eq(students.id, id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('checks Aadhaar (Verhoeff), APAAR, phone numbers and dates, naming each field', async () => {
    const response = await as('admin', {
      method: 'POST',
      url: paths.students.create,
      payload: newStudent({ aadhaarId: wrongCheckDigit, apaarId: '12345', phoneNumber: '12345', alternateNumber: 'abc', dateOfBirth: '31/02/2014', gender: 'x', emailId: 'nope' }),
    });
    expect(response.statusCode).toBe(400);
    const fieldErrors = response.json().data.fieldErrors as Record<string, string[]>;
    expect(fieldErrors.aadhaarId).toEqual([messages.records.fields.aadhaar]);
    expect(fieldErrors.apaarId).toEqual([messages.records.fields.apaar]);
    expect(fieldErrors.phoneNumber).toEqual([messages.records.fields.mobile('Phone number')]);
    expect(fieldErrors.alternateNumber).toEqual([messages.records.fields.phone('Alternate number')]);
    expect(fieldErrors.dateOfBirth).toEqual([messages.records.fields.pastDate('Date of birth')]);
    expect(fieldErrors.gender).toEqual([messages.records.fields.gender]);
    expect(fieldErrors.emailId).toEqual([messages.records.fields.email('Email ID')]);
    const missing = await as('admin', { method: 'POST', url: paths.students.create, payload: { lastName: 'X' } });
    expect(missing.json().data.fieldErrors.firstName).toEqual([messages.records.fields.required('First name')]);
  });

  it('refuses a duplicate admission id, an unknown class and another school’s class', async () => {
    const duplicate = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ admissionId: 'green-001' }) });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(messages.students.duplicateAdmissionId);
    const otherSchoolsClass = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ classId: river.classIds[0] }) });
    expect(otherSchoolsClass.statusCode).toBe(400);
    expect(otherSchoolsClass.json().message).toBe(messages.classes.notFound);
  });

  it('keeps a device-made id, and refuses it again', async () => {
    const id = randomUUID();
    const created = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ id }) });
    expect(created.json().data.id).toBe(id);
    const again = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ id }) });
    expect(again.statusCode).toBe(409);
  });

  it('pages, filters by class and searches only declared columns', async () => {
    const all = (await as('admin', { method: 'GET', url: paths.students.all })).json().data as { classId: string }[];
    const page = (await as('admin', { method: 'GET', url: `${paths.students.page}?page=0&size=2` })).json().data;
    expect(page).toMatchObject({ page: 0, size: 2, totalElements: all.length, totalPages: Math.ceil(all.length / 2) });
    expect(page.content).toHaveLength(2);
    const inClass = (await as('admin', { method: 'GET', url: `${paths.students.all}?classId=${green.classIds[1]}` })).json().data as { classId: string }[];
    expect(inClass.every((s) => s.classId === green.classIds[1])).toBe(true);

    const byName = await as('teacher', { method: 'GET', url: `${paths.students.searchColumn}?column=name&value=${encodeURIComponent('diya sh')}` });
    expect(byName.json().data.content.map((s: { firstName: string }) => s.firstName)).toEqual(['Diya']);
    const byClass = await as('admin', { method: 'GET', url: `${paths.students.searchColumn}?column=className&value=VI` });
    expect(byClass.json().data.content.every((s: { className: string }) => s.className.includes('VI'))).toBe(true);
    const wildcard = await as('admin', { method: 'GET', url: `${paths.students.searchColumn}?column=firstName&value=%25` });
    expect(wildcard.json().data.totalElements).toBe(0);
    const bad = await as('admin', { method: 'GET', url: `${paths.students.searchColumn}?column=password_hash&value=x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.students.invalidColumn);
  });

  it('pages the school’s students as its list, with a class renamed (by another process too), an edit and a deletion at once', async () => {
    type Listed = { id: string; classId: string; className: string; classSection: string; firstName: string };
    const pageOf = async (role = 'admin', query = 'page=0&size=20') => {
      const response = await as(role, { method: 'GET', url: `${paths.students.page}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { content: Listed[]; totalElements: number };
    };
    const allOf = async () => (await as('admin', { method: 'GET', url: paths.students.all })).json().data as Listed[];
    const made = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ admissionId: 'ADM-000' }) });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const all = await allOf();
    expect((await pageOf()).content).toEqual(all);
    expect((await pageOf()).content).toEqual(all);
    expect((await pageOf('teacher')).content).toEqual(all);

    // Another process renames the class in the same database: no write of this server to go by.
    const inFirst = (page: { content: Listed[] }) => page.content.filter((one) => one.classId === green.classIds[0]);
    const rename = (classSection: string) =>
      t.database.db
        .update(classes)
        .set({ classSection })
        .where(and(eq(classes.tenantId, 'green'), eq(classes.id, green.classIds[0]!)));
    await rename('Z');
    const renamed = await pageOf();
    expect(inFirst(renamed).length).toBeGreaterThan(0);
    expect(inFirst(renamed).every((one) => one.classSection === 'Z')).toBe(true);
    expect(renamed.content).toEqual(await allOf());
    await rename('A');
    expect(inFirst(await pageOf()).every((one) => one.classSection === 'A')).toBe(true);

    const edited = await as('admin', { method: 'PUT', url: paths.students.update(id), payload: newStudent({ admissionId: 'ADM-000', firstName: 'Ishita' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await pageOf()).content.find((one) => one.id === id)?.firstName).toBe('Ishita');
    expect((await pageOf()).content).toEqual(await allOf());

    expect((await as('admin', { method: 'DELETE', url: paths.students.remove(id) })).statusCode).toBe(200);
    const afterDelete = await pageOf();
    expect(afterDelete.content).toEqual(all.filter((one) => one.id !== id));
    expect(afterDelete.totalElements).toBe(all.length - 1);
    const river = (await as('riverAdmin', { method: 'GET', url: `${paths.students.page}?page=0&size=20` })).json().data as { content: Listed[] };
    expect(river.content.length).toBeGreaterThan(0);
    expect(river.content.some((one) => all.some((mine) => mine.id === one.id))).toBe(false);
  });

  it('lets a teacher change only students of the classes they teach', async () => {
    // The fixture's teacher is class teacher of V-A (classIds[0]), not of VI-B.
    const mine = await as('teacher', { method: 'POST', url: paths.students.create, payload: newStudent() });
    expect(mine.statusCode).toBe(201);
    const notMine = await as('teacher', { method: 'POST', url: paths.students.create, payload: newStudent({ classId: green.classIds[1] }) });
    expect(notMine.statusCode).toBe(403);
    const noClass = await as('teacher', { method: 'POST', url: paths.students.create, payload: newStudent({ classId: null }) });
    expect(noClass.statusCode).toBe(403);
    const moveAway = await as('teacher', { method: 'PUT', url: paths.students.update(mine.json().data.id), payload: newStudent({ classId: green.classIds[1] }) });
    expect(moveAway.statusCode).toBe(403);
    const diya = green.studentIds[1]!; // in VI-B
    expect((await as('teacher', { method: 'PUT', url: paths.students.update(diya), payload: newStudent({ classId: green.classIds[0] }) })).statusCode).toBe(403);
    expect((await as('teacher', { method: 'DELETE', url: paths.students.remove(diya) })).statusCode).toBe(403);
    expect((await as('teacher', { method: 'DELETE', url: paths.students.remove(mine.json().data.id) })).statusCode).toBe(200);
  });

  it('refuses students and parents everything with 403', async () => {
    for (const role of ['student', 'parent']) {
      expect((await as(role, { method: 'GET', url: paths.students.all })).statusCode).toBe(403);
      expect((await as(role, { method: 'GET', url: paths.students.one(green.studentIds[0]!) })).statusCode).toBe(403);
      expect((await as(role, { method: 'POST', url: paths.students.create, payload: newStudent() })).statusCode).toBe(403);
      expect((await as(role, { method: 'DELETE', url: paths.students.remove(green.studentIds[2]!) })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: paths.students.all, tenant: 'green' })).statusCode).toBe(401);
  });

  it('keeps schools apart: the other school’s ids are not found', async () => {
    const theirs = river.studentIds[0]!;
    expect((await as('admin', { method: 'GET', url: paths.students.one(theirs) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'PUT', url: paths.students.update(theirs), payload: newStudent() })).statusCode).toBe(404);
    expect((await as('admin', { method: 'DELETE', url: paths.students.remove(theirs) })).statusCode).toBe(404);
    const list = (await as('riverAdmin', { method: 'GET', url: paths.students.all })).json().data as { id: string }[];
    expect(list.some((s) => green.studentIds.includes(s.id))).toBe(false);
    // A green token sent with river's tenant header is refused outright.
    expect((await t.call({ method: 'GET', url: paths.students.all, tenant: 'river', token: tokens.admin })).statusCode).toBe(401);
    const [still] = await t.database.db.select().from(students).where(eq(students.id, theirs));
    expect(still?.deletedAt).toBeNull();
  });

  it('links the parent account of parentEmail to the child; siblings share it; a changed e-mail unlinks', async () => {
    const parentId = randomUUID();
    await t.database.db.insert(users).values({
      id: parentId,
      tenantId: 'green',
      username: 'mother@example.in',
      passwordHash: await hashPassword(fixturePassword),
      role: 'parent',
      status: 'active',
    });
    const first = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ firstName: 'Anya', parentEmail: 'Mother@Example.in' }) });
    const second = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ firstName: 'Arjun', parentEmail: 'mother@example.in' }) });
    const links = async () =>
      (
        await t.database.db
          .select({ studentId: parentChildren.studentId })
          .from(parentChildren)
          .where(and(eq(parentChildren.userId, parentId), isNull(parentChildren.deletedAt)))
      ).map((row) => row.studentId);
    expect((await links()).sort()).toEqual([first.json().data.id, second.json().data.id].sort());

    const token = await t.signIn('green', 'mother@example.in', fixturePassword);
    expect(token).toBeTruthy();
    const signIn = await t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username: 'mother@example.in', password: fixturePassword } });
    expect(signIn.json().data.profile.students.map((s: { firstName: string }) => s.firstName).sort()).toEqual(['Anya', 'Arjun']);

    await as('admin', { method: 'PUT', url: paths.students.update(second.json().data.id), payload: newStudent({ firstName: 'Arjun', parentEmail: 'father@example.in' }) });
    expect(await links()).toEqual([first.json().data.id]);
    // and back again: the tombstoned link comes back to life
    await as('admin', { method: 'PUT', url: paths.students.update(second.json().data.id), payload: newStudent({ firstName: 'Arjun', parentEmail: 'mother@example.in' }) });
    expect((await links()).sort()).toEqual([first.json().data.id, second.json().data.id].sort());
    // deleting a child removes the link
    await as('admin', { method: 'DELETE', url: paths.students.remove(first.json().data.id) });
    expect(await links()).toEqual([second.json().data.id]);
  });

  it('links a student account whose username is the student’s e-mail', async () => {
    const accountId = randomUUID();
    await t.database.db.insert(users).values({
      id: accountId,
      tenantId: 'green',
      username: 'ravi@example.in',
      passwordHash: 'x',
      role: 'student',
      status: 'pending',
    });
    const created = await as('admin', { method: 'POST', url: paths.students.create, payload: newStudent({ emailId: 'ravi@example.in' }) });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, accountId));
    expect(account).toMatchObject({ studentId: created.json().data.id, status: 'pending' });
  });
});
