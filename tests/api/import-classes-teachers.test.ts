/** Bulk import of classes and teachers: normalised class names, matching keys, no-op re-import, reports. */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { teacherUploadHeaders } from '../../contract/teacher';
import { classes, teachers, users } from '../../server/db/core-tables';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, sheetFile, type Cell } from '../support/uploads';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green');
  admin = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const upload = (url: string, file: Buffer, filename: string) => t.call({ method: 'POST', url, tenant: 'green', token: admin, ...multipart(filename, file) });
const liveClasses = async () =>
  (await t.database.db.select().from(classes).where(and(eq(classes.tenantId, 'green'), isNull(classes.deletedAt))))
    .map((c) => `${c.className}-${c.classSection}`)
    .sort();

describe('class import', () => {
  it('understands LKG, UKG, Nursery, I..XII and 1..12, and keeps the spec message', async () => {
    const rows: Cell[][] = [
      ['className', 'classSection'],
      ['nursery', 'a'],
      ['L.K.G', 'A'],
      ['Upper KG', 'A'],
      ['1', 'A'],
      ['Class 2', 'B'],
      ['3rd', 'A'],
      ['iv', 'A'],
      ['12', 'A'],
      ['X-B', ''],
      ['Std. XI', 'Science'],
      ['V', 'A'], // the fixture has it already
    ];
    const response = await upload(paths.classes.upload, sheetFile(rows, 'xlsx'), 'classes.xlsx');
    expect(response.json()).toEqual({ success: true, message: messages.classes.uploaded, data: { totalRows: 11, created: 10, updated: 0, unchanged: 1 } });
    expect(await liveClasses()).toEqual(
      ['I-A', 'II-B', 'III-A', 'IV-A', 'LKG-A', 'Nursery-A', 'UKG-A', 'V-A', 'VI-B', 'X-B', 'XI-Science', 'XII-A'].sort(),
    );
    const again = await upload(paths.classes.upload, sheetFile(rows, 'csv'), 'classes.csv');
    expect(again.json().data).toEqual({ totalRows: 11, created: 0, updated: 0, unchanged: 11 });
  });

  it('reports duplicates within the file and writes nothing', async () => {
    const before = await liveClasses();
    const response = await upload(
      paths.classes.upload,
      sheetFile([['className', 'classSection'], ['VII', 'A'], ['7th', 'a'], ['', 'B']], 'xlsx'),
      'dupes.xlsx',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([
      { row: 3, column: 'className', message: messages.imports.duplicateInFile('class and section', 2) },
      { row: 4, column: 'className', message: messages.records.fields.required('Class name') },
    ]);
    expect(await liveClasses()).toEqual(before);
  });

  it('answers the spec’s message for a request without a file', async () => {
    const noFile = await t.call({
      method: 'POST',
      url: paths.classes.upload,
      tenant: 'green',
      token: admin,
      ...multipart('x.csv', Buffer.from('className\nV\n'), { field: 'document' }),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(messages.classes.selectFile);
  });
});

describe('teacher import', () => {
  const header = [...teacherUploadHeaders] as string[];
  const rows: Cell[][] = [
    header,
    ['EMP-01', 'Meera', 'Nair', 'teacher@example.in', '9123456780', null, null, null, null], // the fixture's, unchanged
    ['EMP-11', 'Vikram', 'Singh', 'vikram@example.in', '+91 99887 76655', 'Jaipur', '15/08/1980', 'M', 'Hindi, Sanskrit'],
    ['EMP-12', 'Zoya', 'Khan', null, null, null, '1990-01-01', 'female', 'English'],
  ];

  it('creates, leaves alone and links accounts by e-mail', async () => {
    await t.database.db.insert(users).values({ id: crypto.randomUUID(), tenantId: 'green', username: 'vikram@example.in', passwordHash: 'x', role: 'teacher', status: 'pending' });
    const response = await upload(paths.teachers.upload, sheetFile(rows, 'xlsx'), 'teachers.xlsx');
    expect(response.json()).toEqual({ success: true, message: messages.teachers.uploaded, data: { totalRows: 3, created: 2, updated: 0, unchanged: 1 } });
    const [vikram] = await t.database.db.select().from(teachers).where(eq(teachers.employeeId, 'EMP-11'));
    expect(vikram).toMatchObject({ phoneNumber: '9988776655', dateOfBirth: '1980-08-15', gender: 'Male', subjects: 'Hindi, Sanskrit' });
    const [account] = await t.database.db.select().from(users).where(eq(users.username, 'vikram@example.in'));
    expect(account?.teacherId).toBe(vikram?.id);
    expect((await upload(paths.teachers.upload, sheetFile(rows, 'csv'), 'teachers.csv')).json().data).toEqual({ totalRows: 3, created: 0, updated: 0, unchanged: 3 });
  });

  it('refuses an e-mail that another teacher has, or that appears twice, and a missing employee id', async () => {
    const response = await upload(
      paths.teachers.upload,
      sheetFile(
        [
          header,
          ['EMP-13', 'Copy', null, 'teacher@example.in'],
          ['EMP-14', 'A', null, 'same@example.in'],
          ['EMP-15', 'B', null, 'same@example.in'],
          [null, 'NoId'],
        ],
        'csv',
      ),
      'bad.csv',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([
      { row: 2, column: 'emailId', message: messages.teachers.duplicateEmail },
      { row: 4, column: 'emailId', message: messages.imports.duplicateInFile('email', 3) },
      { row: 5, column: 'employeeId', message: messages.records.fields.required('Employee ID') },
    ]);
    expect(await t.database.db.select().from(teachers).where(eq(teachers.employeeId, 'EMP-14'))).toEqual([]);
  });

  it('updates a changed teacher in the file’s columns only', async () => {
    const response = await upload(paths.teachers.upload, sheetFile([['employeeId', 'firstName', 'subjects'], ['EMP-12', 'Zoya', 'English, French']], 'csv'), 't.csv');
    expect(response.json().data).toEqual({ totalRows: 1, created: 0, updated: 1, unchanged: 0 });
    const [zoya] = await t.database.db.select().from(teachers).where(eq(teachers.employeeId, 'EMP-12'));
    expect(zoya).toMatchObject({ subjects: 'English, French', gender: 'Female', lastName: 'Khan' });
  });
});
