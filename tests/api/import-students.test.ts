/** Bulk import of students: good files in three formats, the per-row report, all or nothing, re-import. */
import { and, eq, isNull } from 'drizzle-orm';
import XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../../contract/indian-ids';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { studentUploadHeaders } from '../../contract/student';
import { parentChildren, students, users } from '../../server/db/core-tables';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, sheetFile, type Cell } from '../support/uploads';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green');
  await createSchoolFixture(t.database.db, 'river');
  for (const role of ['admin', 'teacher', 'student']) tokens[role] = await t.signIn('green', `${role}@example.in`, fixturePassword);
  tokens.riverAdmin = await t.signIn('river', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const upload = (file: Buffer, filename: string, role = 'admin') =>
  t.call({ method: 'POST', url: paths.students.upload, tenant: role === 'riverAdmin' ? 'river' : 'green', token: tokens[role], ...multipart(filename, file) });

const header = [...studentUploadHeaders] as string[];
const aadhaar = (first11: string) => `${first11}${verhoeffCheckDigit(first11)}`;

/** A row in the spec's column order. */
function row(values: Partial<Record<(typeof studentUploadHeaders)[number], Cell>>): Cell[] {
  return studentUploadHeaders.map((column) => values[column] ?? null);
}

const goodRows: Cell[][] = [
  header,
  row({ admissionId: 'IMP-001', firstName: 'Kavya', lastName: 'Rao', className: 'Class 5', classSection: 'a', schoolName: 'green School', dateOfBirth: new Date(Date.UTC(2014, 3, 12)), gender: 'F', phoneNumber: 9876501234, rollNumber: 11, fatherName: 'Suresh Rao', apaarId: '123412341234' }),
  row({ admissionId: 'IMP-002', firstName: 'Rohan', className: '6th', classSection: 'B', dateOfBirth: '03/11/2013', gender: 'male', alternateNumber: '020-2612 3456' }),
  row({ admissionId: 'IMP-003', firstName: 'Meher', className: 'V-A', dateOfBirth: '7 Aug 2014', emailId: 'Meher@Example.in' }),
];

const liveStudents = async () =>
  t.database.db.select().from(students).where(and(eq(students.tenantId, 'green'), isNull(students.deletedAt)));

describe('student import', () => {
  it('imports a good .xlsx: class names, dates, numbers and genders read the way schools write them', async () => {
    const before = (await liveStudents()).length;
    const response = await upload(sheetFile(goodRows, 'xlsx'), 'students.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.students.uploaded, data: { totalRows: 3, created: 3, updated: 0, unchanged: 0 } });
    const rows = await liveStudents();
    expect(rows).toHaveLength(before + 3);
    const kavya = rows.find((s) => s.admissionId === 'IMP-001');
    expect(kavya).toMatchObject({ firstName: 'Kavya', dateOfBirth: '2014-04-12', gender: 'Female', phoneNumber: '9876501234', rollNumber: '11', apaarId: '123412341234' });
    const rohan = rows.find((s) => s.admissionId === 'IMP-002');
    expect(rohan).toMatchObject({ dateOfBirth: '2013-11-03', gender: 'Male', alternateNumber: '2026123456', lastName: '' });
    const meher = rows.find((s) => s.admissionId === 'IMP-003');
    expect(meher).toMatchObject({ dateOfBirth: '2014-08-07', emailId: 'meher@example.in', classId: kavya?.classId });
  });

  it('changes nothing when the same file comes again (revs untouched)', async () => {
    const before = new Map((await liveStudents()).map((s) => [s.id, s.rev]));
    const again = await upload(sheetFile(goodRows, 'xlsx'), 'students.xlsx');
    expect(again.json().data).toEqual({ totalRows: 3, created: 0, updated: 0, unchanged: 3 });
    const after = await liveStudents();
    expect(new Map(after.map((s) => [s.id, s.rev]))).toEqual(before);
  });

  it('reads the same rows from .csv and .xls, and updates only what changed', async () => {
    const changed = goodRows.map((r) => [...r]);
    changed[2]![studentUploadHeaders.indexOf('fatherName')] = 'Anil Kumar';
    const csv = await upload(sheetFile(changed, 'csv'), 'students.csv');
    expect(csv.json().data).toEqual({ totalRows: 3, created: 0, updated: 1, unchanged: 2 });
    const xls = await upload(sheetFile(changed, 'xls'), 'students.xls');
    expect(xls.json().data).toEqual({ totalRows: 3, created: 0, updated: 0, unchanged: 3 });
    expect((await liveStudents()).find((s) => s.admissionId === 'IMP-002')?.fatherName).toBe('Anil Kumar');
  });

  it('reads an "Excel export" that is really an HTML table saved as .xls', async () => {
    const html =
      '<html><body><table><tr><th>admissionId</th><th>firstName</th><th>className</th><th>classSection</th></tr>' +
      '<tr><td>HTML-1</td><td>Asha</td><td>VI</td><td>B</td></tr></table></body></html>';
    const response = await upload(Buffer.from(html), 'export.xls');
    expect(response.json()).toMatchObject({ success: true, data: { created: 1 } });
  });

  it('leaves columns the file does not have alone', async () => {
    const narrow = await upload(sheetFile([['admissionId', 'firstName', 'className', 'classSection'], ['IMP-001', 'Kavya', 'V', 'A']], 'csv'), 'narrow.csv');
    expect(narrow.json().data).toEqual({ totalRows: 1, created: 0, updated: 0, unchanged: 1 });
    expect((await liveStudents()).find((s) => s.admissionId === 'IMP-001')?.fatherName).toBe('Suresh Rao');
  });

  it('reports every bad row with row, column and reason, and writes nothing', async () => {
    const before = await liveStudents();
    const rows: Cell[][] = [
      header,
      row({ admissionId: 'BAD-001', firstName: 'Fine', className: 'V', classSection: 'A' }),
      row({ admissionId: 'BAD-002', firstName: '', className: 'IX', classSection: 'Z' }),
      row({ admissionId: 'BAD-003', firstName: 'Phone', className: 'V', classSection: 'A', phoneNumber: '12345', dateOfBirth: '31/02/2014', apaarId: '12' }),
      row({ admissionId: 'BAD-001', firstName: 'Twice', className: 'V', classSection: 'A', schoolName: 'river School' }),
      row({ admissionId: null, firstName: 'Nobody', className: 'V', classSection: 'A', gender: 'x' }),
    ];
    const file = sheetFile(rows, 'xlsx');
    const response = await upload(file, 'bad.xlsx');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(messages.imports.rejected(body.data.errorCount));
    const errors = body.data.errors as { row: number; column: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'firstName', message: messages.records.fields.required('First name') },
        { row: 3, column: 'className', message: messages.imports.classNotFound('IX Z') },
        { row: 4, column: 'phoneNumber', message: messages.records.fields.mobile('Phone number') },
        { row: 4, column: 'dateOfBirth', message: messages.records.fields.pastDate('Date of birth') },
        { row: 4, column: 'apaarId', message: messages.records.fields.apaar },
        { row: 5, column: 'admissionId', message: messages.imports.duplicateInFile('admission ID', 2) },
        { row: 5, column: 'schoolName', message: messages.imports.otherSchool('green School') },
        { row: 6, column: 'admissionId', message: messages.records.fields.required('Admission ID') },
        { row: 6, column: 'gender', message: messages.records.fields.gender },
      ]),
    );
    expect(errors.every((e) => e.row !== 2)).toBe(true);
    expect(body.data).toMatchObject({ totalRows: 5, errorCount: errors.length, truncated: false });
    expect(await liveStudents()).toHaveLength(before.length);
  });

  it('imports the corrected file in full afterwards (all or nothing, then all)', async () => {
    const rows: Cell[][] = [
      header,
      row({ admissionId: 'FIX-001', firstName: 'Fine', className: 'V', classSection: 'A' }),
      row({ admissionId: 'FIX-002', firstName: 'Now fine', className: 'VI', classSection: 'B' }),
    ];
    const bad = rows.map((r) => [...r]);
    bad[2]![studentUploadHeaders.indexOf('className')] = 'XIII';
    expect((await upload(sheetFile(bad, 'xlsx'), 'one-bad.xlsx')).statusCode).toBe(400);
    expect((await liveStudents()).some((s) => s.admissionId === 'FIX-001')).toBe(false);
    expect((await upload(sheetFile(rows, 'xlsx'), 'fixed.xlsx')).json().data).toMatchObject({ created: 2 });
  });

  it('checks the headers: unknown, duplicate and missing columns; accepts parentEmail and aadhaarId', async () => {
    const wrong = await upload(sheetFile([['admissionId', 'First Name', 'S.No', 'firstName'], ['X', 'Y', '1', 'Z']], 'csv'), 'wrong.csv');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'S.No', message: messages.imports.unknownColumn('S.No') },
        { row: 1, column: 'firstName', message: messages.imports.duplicateColumn('firstName') },
        { row: 1, column: 'className', message: messages.imports.missingColumn('className') },
      ]),
    );
    const parentId = (await t.database.db.select().from(users).where(eq(users.username, 'parent@example.in')))
      .find((u) => u.tenantId === 'green')!.id;
    const extra = await upload(
      sheetFile([['admissionId', 'firstName', 'className', 'classSection', 'parentEmail', 'aadhaarId'], ['SIB-001', 'Sibling', 'V', 'A', 'parent@example.in', aadhaar('98765432109')]], 'csv'),
      'extra.csv',
    );
    expect(extra.json().data).toMatchObject({ created: 1 });
    const [created] = await t.database.db.select().from(students).where(eq(students.admissionId, 'SIB-001'));
    const links = await t.database.db.select().from(parentChildren).where(and(eq(parentChildren.userId, parentId), eq(parentChildren.studentId, created!.id)));
    expect(links).toHaveLength(1);
    const badAadhaar = await upload(sheetFile([['admissionId', 'firstName', 'className', 'aadhaarId'], ['SIB-002', 'X', 'V-A', '234567890123']], 'csv'), 'a.csv');
    expect(badAadhaar.json().data.errors).toEqual([{ row: 2, column: 'aadhaarId', message: messages.records.fields.aadhaar }]);
  });

  it('serves templates whose own columns import (empty template: nothing to import)', async () => {
    const xlsx = await t.call({ method: 'GET', url: `${paths.students.template}?format=xlsx`, tenant: 'green', token: tokens.teacher });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['students', 'Instructions']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.students!, { header: 1 })).toEqual([header]);
    const csv = await t.call({ method: 'GET', url: `${paths.students.template}?format=csv`, tenant: 'green', token: tokens.admin });
    expect(csv.body).toBe(`\uFEFF${header.join(',')}\r\n`);
    const empty = await upload(xlsx.rawPayload, 'students-template.xlsx');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.imports.empty);
    expect((await t.call({ method: 'GET', url: `${paths.students.template}?format=pdf`, tenant: 'green', token: tokens.admin })).statusCode).toBe(400);
  });

  it('is for admins only, and each school imports into itself', async () => {
    expect((await upload(sheetFile(goodRows, 'csv'), 's.csv', 'teacher')).statusCode).toBe(403);
    expect((await upload(sheetFile(goodRows, 'csv'), 's.csv', 'student')).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: paths.students.template, tenant: 'green', token: tokens.student })).statusCode).toBe(403);
    // river's admin importing green's file: green's classes are not river's; the school name is wrong
    const theirs = await upload(sheetFile(goodRows, 'csv'), 's.csv', 'riverAdmin');
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().data.errors).toContainEqual({ row: 2, column: 'schoolName', message: messages.imports.otherSchool('river School') });
  });
});
