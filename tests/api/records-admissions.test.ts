/**
 * Admission register and certificate issue register: numbers assigned by the server, gapless per
 * school and year (per kind for certificates), also under concurrent creation and with rollbacks.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAdmissionNumber } from '../../contract/admission';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { classes, students } from '../../server/db/core-tables';
import { admissions } from '../../server/modules/admissions/tables';
import { certificateCounters, certificates } from '../../server/modules/certificates/tables';
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

const admission = (date: string, extra: Record<string, unknown> = {}, student: Record<string, unknown> = {}) => ({
  admissionDate: date,
  previousSchool: 'Sunrise Public School',
  ...extra,
  student: { firstName: 'Tara', lastName: 'Menon', classId: green.classIds[0], dateOfBirth: '05-09-2015', gender: 'F', ...student },
});

const numbersOfYear = async (tenantId: string, year: number) =>
  (
    await t.database.db
      .select({ seq: admissions.admissionSeq })
      .from(admissions)
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.admissionYear, year)))
  )
    .map((row) => row.seq)
    .sort((a, b) => a - b);

describe('admissions', () => {
  it('numbers a new admission by academic year and gives the student that admission id', async () => {
    const created = await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2025-06-10') });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: messages.admissions.added('2025-0001'),
      data: {
        admissionNumber: '2025-0001',
        admissionYear: 2025,
        admissionSeq: 1,
        academicYear: '2025-26',
        admissionDate: '2025-06-10',
        status: 'admitted',
        className: 'V',
        previousSchool: 'Sunrise Public School',
        student: { admissionId: '2025-0001', firstName: 'Tara', dateOfBirth: '2015-09-05', gender: 'Female', schoolName: 'green School' },
      },
    });
    // February 2026 still belongs to 2025-26
    const february = await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('10/02/2026') });
    expect(february.json().data.admissionNumber).toBe('2025-0002');
    const april = await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2026-04-01') });
    expect(april.json().data.admissionNumber).toBe('2026-0001');
    // and the other school counts on its own
    const theirs = await as('riverAdmin', { method: 'POST', url: paths.admissions.create, payload: admission('2025-07-01', {}, { classId: river.classIds[0] }) });
    expect(theirs.json().data.admissionNumber).toBe('2025-0001');
  });

  it('gives a record made offline (device id, no number) its number when it arrives, once', async () => {
    const id = randomUUID();
    const studentId = randomUUID();
    const key = randomUUID();
    const send = () =>
      as('admin', {
        method: 'POST',
        url: paths.admissions.create,
        headers: { [headers.idempotencyKey]: key },
        payload: admission('2027-05-02', { id }, { id: studentId }),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ id, studentId, admissionNumber: '2027-0001' });
    const replay = await send();
    expect(replay.headers[headers.idempotentReplayed.toLowerCase()]).toBe('true');
    expect(replay.json().data.admissionNumber).toBe('2027-0001');
    const next = await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2027-05-03') });
    expect(next.json().data.admissionNumber).toBe('2027-0002');
    expect(await numbersOfYear('green', 2027)).toEqual([1, 2]);
    // the same device id again without its key: refused, and no number is used up
    expect((await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2027-05-04', { id }) })).statusCode).toBe(409);
    expect((await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2027-05-04') })).json().data.admissionNumber).toBe('2027-0003');
  });

  it('hands out numbers without gaps or duplicates under concurrent creation, failures included', async () => {
    const year = 2030;
    const good = Array.from({ length: 24 }, (_, i) =>
      as('admin', { method: 'POST', url: paths.admissions.create, payload: admission(`${year}-06-01`, {}, { firstName: `Child ${i}` }) }),
    );
    // These take a number and then fail (a class of another school): their numbers must come back.
    const bad = Array.from({ length: 8 }, () =>
      as('admin', { method: 'POST', url: paths.admissions.create, payload: admission(`${year}-06-01`, {}, { classId: river.classIds[0] }) }),
    );
    const answers = await Promise.all([...good, ...bad]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(24);
    expect(statuses.filter((status) => status === 400)).toHaveLength(8);
    const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.admissionNumber as string);
    expect(new Set(numbers).size).toBe(24);
    expect(await numbersOfYear('green', year)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(numbers.sort()).toEqual(Array.from({ length: 24 }, (_, i) => formatAdmissionNumber(year, i + 1)));
    const next = await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission(`${year}-06-02`) });
    expect(next.json().data.admissionNumber).toBe(formatAdmissionNumber(year, 25));
  });

  it('edits an entry found by its number; the number and its year stay', async () => {
    const created = (await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2028-06-10') })).json().data;
    const found = await as('teacher', { method: 'GET', url: paths.admissions.byNumber(created.admissionNumber) });
    expect(found.json().data.id).toBe(created.id);
    const updated = await as('admin', {
      method: 'PUT',
      url: paths.admissions.update(created.id),
      payload: admission('2028-07-01', { remarks: 'Transport needed' }, { firstName: 'Tara', classId: green.classIds[1], fatherName: 'Vivek Menon' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: messages.admissions.updated,
      data: { admissionNumber: created.admissionNumber, admissionDate: '2028-07-01', remarks: 'Transport needed', className: 'VI', student: { admissionId: created.admissionNumber, fatherName: 'Vivek Menon' } },
    });
    const otherYear = await as('admin', { method: 'PUT', url: paths.admissions.update(created.id), payload: admission('2029-06-01') });
    expect(otherYear.statusCode).toBe(400);
    expect(otherYear.json().message).toBe(messages.admissions.dateOutsideYear('2028-29'));
    expect((await as('admin', { method: 'GET', url: paths.admissions.byNumber('1999-0001') })).statusCode).toBe(404);
  });

  it('cancels instead of deleting: the number stays taken', async () => {
    const created = (await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2031-06-10') })).json().data;
    const cancelled = await as('admin', { method: 'DELETE', url: paths.admissions.remove(created.id) });
    expect(cancelled.json()).toMatchObject({ message: messages.admissions.cancelled, data: { status: 'cancelled', admissionNumber: '2031-0001' } });
    expect((await as('admin', { method: 'DELETE', url: paths.admissions.remove(created.id) })).json().message).toBe(messages.admissions.alreadyCancelled);
    expect((await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2031-06-11') })).json().data.admissionNumber).toBe('2031-0002');
    expect((await as('teacher', { method: 'DELETE', url: paths.admissions.remove(created.id) })).statusCode).toBe(403);
  });

  it('lists, filters, pages and searches the register', async () => {
    const year2025 = (await as('admin', { method: 'GET', url: `${paths.admissions.all}?year=2025` })).json().data as { admissionNumber: string }[];
    expect(year2025.map((a) => a.admissionNumber)).toEqual(['2025-0002', '2025-0001']);
    const page = (await as('admin', { method: 'GET', url: `${paths.admissions.page}?size=5&status=cancelled` })).json().data;
    expect(page.totalElements).toBe(1);
    const byNumber = (await as('admin', { method: 'GET', url: `${paths.admissions.searchColumn}?column=admissionNumber&value=2030-00` })).json().data;
    expect(byNumber.totalElements).toBe(25);
    const byName = (await as('admin', { method: 'GET', url: `${paths.admissions.searchColumn}?column=name&value=child%2012` })).json().data;
    expect(byName.content.map((a: { student: { firstName: string } }) => a.student.firstName)).toEqual(['Child 12']);
    expect((await as('admin', { method: 'GET', url: `${paths.admissions.searchColumn}?column=remarks;drop&value=x` })).statusCode).toBe(400);
  });

  it('pages the whole register as its list, with its students’ and classes’ changes (by another process too) at once', async () => {
    type Entry = { id: string; className: string | null; student: { id: string; firstName: string; classSection: string | null } | null };
    const pageOf = async (query = 'page=0&size=200', role = 'admin') => {
      const response = await as(role, { method: 'GET', url: `${paths.admissions.page}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { content: Entry[]; totalElements: number };
    };
    const allOf = async () => (await as('admin', { method: 'GET', url: paths.admissions.all })).json().data as Entry[];
    const all = await allOf();
    expect(all.length).toBeGreaterThan(20);
    expect((await pageOf()).content).toEqual(all);
    expect((await pageOf('page=0&size=20')).content).toEqual(all.slice(0, 20));
    expect((await pageOf('page=0&size=20', 'teacher')).content).toEqual(all.slice(0, 20));
    const entry = all.find((one) => one.student !== null)!;
    const studentId = entry.student!.id;

    // Another process writes the student and the class in the same database: no write of this server to go by.
    const db = t.database.db;
    await db.update(students).set({ firstName: 'Renamed' }).where(and(eq(students.tenantId, 'green'), eq(students.id, studentId)));
    expect((await pageOf('page=0&size=20')).content.find((one) => one.id === entry.id)?.student?.firstName).toBe('Renamed');
    await db.update(classes).set({ classSection: 'Q' }).where(and(eq(classes.tenantId, 'green'), eq(classes.id, green.classIds[0]!)));
    const moved = (await pageOf('page=0&size=20')).content.find((one) => one.id === entry.id);
    expect(moved?.student?.classSection).toBe('Q');
    expect((await pageOf()).content).toEqual(await allOf());
    await db.update(classes).set({ classSection: 'A' }).where(and(eq(classes.tenantId, 'green'), eq(classes.id, green.classIds[0]!)));

    expect((await as('admin', { method: 'DELETE', url: paths.students.remove(studentId) })).statusCode).toBe(200);
    expect((await pageOf('page=0&size=20')).content.find((one) => one.id === entry.id)?.student).toBeNull();
    expect((await pageOf()).content).toEqual(await allOf());
    const theirs = await pageOf('page=0&size=200', 'riverAdmin');
    expect(theirs.content.some((one) => all.some((mine) => mine.id === one.id))).toBe(false);
    expect(theirs.totalElements).toBe(theirs.content.length);
  });

  it('lets a teacher admit only into their classes; students and parents nothing; schools apart', async () => {
    expect((await as('teacher', { method: 'POST', url: paths.admissions.create, payload: admission('2032-06-01') })).statusCode).toBe(201);
    const notMine = await as('teacher', { method: 'POST', url: paths.admissions.create, payload: admission('2032-06-01', {}, { classId: green.classIds[1] }) });
    expect(notMine.statusCode).toBe(403);
    expect(await numbersOfYear('green', 2032)).toEqual([1]);
    for (const role of ['student', 'parent']) {
      expect((await as(role, { method: 'GET', url: paths.admissions.all })).statusCode).toBe(403);
      expect((await as(role, { method: 'POST', url: paths.admissions.create, payload: admission('2032-06-01') })).statusCode).toBe(403);
    }
    const ours = (await as('admin', { method: 'GET', url: paths.admissions.all })).json().data as { id: string }[];
    expect((await as('riverAdmin', { method: 'GET', url: paths.admissions.one(ours[0]!.id) })).statusCode).toBe(404);
    expect((await as('riverAdmin', { method: 'PUT', url: paths.admissions.update(ours[0]!.id), payload: admission('2032-06-01') })).statusCode).toBe(404);
    expect((await as('riverAdmin', { method: 'DELETE', url: paths.admissions.remove(ours[0]!.id) })).statusCode).toBe(404);
  });
});

describe('certificates', () => {
  const aarav = () => green.studentIds[0]!; // V-A, the teacher's class
  const diya = () => green.studentIds[1]!; // VI-B

  it('issues a bonafide certificate with the next serial and everything the page needs', async () => {
    await t.database.db.update(students).set({ aadhaarId: '234567890124' }).where(eq(students.id, aarav()));
    const issued = await as('admin', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: { issueDate: '2025-07-01', purpose: 'Bank account' } });
    expect(issued.statusCode).toBe(201);
    expect(issued.json()).toMatchObject({
      message: messages.certificates.issued('BC-0001'),
      data: {
        kind: 'bonafide',
        serial: 'BC-0001',
        serialNumber: 1,
        issueDate: '2025-07-01',
        studentName: 'Aarav Sharma',
        issuedBy: 'admin@example.in',
        print: {
          title: messages.certificates.titles.bonafide,
          school: { schoolName: 'green School', schoolId: 'GREEN-01' },
          student: { fullName: 'Aarav Sharma', admissionId: 'green-001', className: 'V', classSection: 'A', dateOfBirth: '2014-04-12', aadhaarMasked: 'XXXX XXXX 0124' },
          details: { purpose: 'Bank account' },
        },
      },
    });
    const id = issued.json().data.id as string;
    const print = await as('teacher', { method: 'GET', url: paths.certificates.print(id) });
    expect(print.json().data).toEqual(issued.json().data.print);
    // a later change of the student does not change what was issued
    await t.database.db.update(students).set({ firstName: 'Aaravv' }).where(eq(students.id, aarav()));
    expect((await as('admin', { method: 'GET', url: paths.certificates.one(id) })).json().data.print.student.firstName).toBe('Aarav');
    await t.database.db.update(students).set({ firstName: 'Aarav' }).where(eq(students.id, aarav()));
    // without a body: today, and the next serial
    const second = await as('admin', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()) });
    expect(second.json().data.serial).toBe('BC-0002');
  });

  it("prints the issuing teacher's name from their record under 'Prepared by' (an account without one: its username)", async () => {
    const issued = await as('teacher', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: {} });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().data).toMatchObject({ issuedBy: 'Meera Nair', print: { issuedBy: 'Meera Nair' } });
  });

  it('issues a transfer certificate, which withdraws the student’s admission', async () => {
    const admitted = (await as('admin', { method: 'POST', url: paths.admissions.create, payload: admission('2025-06-01', {}, { firstName: 'Leaving' }) })).json().data;
    const tc = await as('admin', {
      method: 'POST',
      url: paths.certificates.issue('transfer', admitted.studentId),
      payload: { issueDate: '2026-03-31', leavingDate: '31/03/2026', reasonForLeaving: 'Family moved', conduct: 'Good', promotion: 'Promoted to VI' },
    });
    expect(tc.statusCode).toBe(201);
    expect(tc.json().data).toMatchObject({ serial: 'TC-0001', print: { student: { admissionDate: '2025-06-01' }, details: { leavingDate: '2026-03-31', reasonForLeaving: 'Family moved', conduct: 'Good' } } });
    const entry = (await as('admin', { method: 'GET', url: paths.admissions.one(admitted.id) })).json().data;
    expect(entry).toMatchObject({ status: 'withdrawn', withdrawnOn: '2026-03-31', withdrawalReason: 'Family moved' });
    const details = await as('admin', { method: 'POST', url: paths.certificates.issue('studentDetails', admitted.studentId), payload: {} });
    expect(details.json().data).toMatchObject({ serial: 'SD-0001', print: { title: messages.certificates.titles.studentDetails } });
  });

  it('answers a resend of the same issue (same device id) with the first, and keeps serials gapless under concurrency', async () => {
    const id = randomUUID();
    const first = await as('admin', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: { id } });
    const again = await as('admin', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: { id } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.serial).toBe(first.json().data.serial);
    expect((await as('admin', { method: 'POST', url: paths.certificates.issue('transfer', aarav()), payload: { id } })).statusCode).toBe(409);

    const before = first.json().data.serialNumber as number;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        as('admin', { method: 'POST', url: paths.certificates.issue('bonafide', i % 3 === 0 ? randomUUID() : aarav()), payload: {} }),
      ),
    );
    const serials = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.serialNumber as number).sort((a, b) => a - b);
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(4);
    expect(serials).toEqual(Array.from({ length: 8 }, (_, i) => before + i + 1));
    const listed = (await as('admin', { method: 'GET', url: `${paths.certificates.all}?kind=bonafide` })).json().data as { serialNumber: number }[];
    expect(listed.map((c) => c.serialNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: before + 8 }, (_, i) => i + 1));
  });

  it('lists and pages the register by kind and student', async () => {
    const forAarav = (await as('teacher', { method: 'GET', url: `${paths.certificates.page}?studentId=${aarav()}&size=3` })).json().data;
    expect(forAarav).toMatchObject({ size: 3 });
    expect(forAarav.content.every((c: { studentId: string }) => c.studentId === aarav())).toBe(true);
    expect((await as('admin', { method: 'GET', url: `${paths.certificates.all}?kind=transfer` })).json().data).toHaveLength(1);
  });

  it('lets a teacher issue only for students of their classes; students, parents and other schools get nothing', async () => {
    expect((await as('teacher', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: {} })).statusCode).toBe(201);
    expect((await as('teacher', { method: 'POST', url: paths.certificates.issue('transfer', diya()), payload: {} })).statusCode).toBe(403);
    for (const role of ['student', 'parent']) {
      expect((await as(role, { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: {} })).statusCode).toBe(403);
      expect((await as(role, { method: 'GET', url: paths.certificates.all })).statusCode).toBe(403);
    }
    expect((await as('riverAdmin', { method: 'POST', url: paths.certificates.issue('bonafide', aarav()), payload: {} })).statusCode).toBe(404);
    const ours = (await as('admin', { method: 'GET', url: paths.certificates.all })).json().data as { id: string }[];
    expect((await as('riverAdmin', { method: 'GET', url: paths.certificates.print(ours[0]!.id) })).statusCode).toBe(404);
    expect((await as('riverAdmin', { method: 'GET', url: paths.certificates.all })).json().data).toEqual([]);
  });

  it('refuses a teacher every kind for a student outside her classes, with the message, using no serial and withdrawing nothing', async () => {
    const db = t.database.db;
    const countersBefore = await db.select().from(certificateCounters).where(eq(certificateCounters.tenantId, 'green'));
    const issuedBefore = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.studentId, diya()));
    for (const kind of ['bonafide', 'transfer', 'studentDetails'] as const) {
      const refused = await as('teacher', { method: 'POST', url: paths.certificates.issue(kind, diya()), payload: { issueDate: '2026-03-31' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.students.notYourClass);
    }
    expect(await db.select().from(certificateCounters).where(eq(certificateCounters.tenantId, 'green'))).toEqual(countersBefore);
    expect(await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.studentId, diya()))).toEqual(issuedBefore);
    const [admission] = await db.select().from(admissions).where(eq(admissions.studentId, diya()));
    expect(admission?.status ?? 'none').not.toBe('withdrawn');
  });
});
