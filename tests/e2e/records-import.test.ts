/**
 * Importing students in Chromium against the production build and the real server: the
 * CSV template from the upload panel has the spec's sixteen columns; a three-row file built on it
 * with one bad row is refused with that row, column and message, and nothing is written; the
 * corrected file imports all three, which then show in the list.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { recordsKitTexts } from '../../src/kit/texts';
import { studentTexts } from '../../src/features/students/texts';
import { useBrowser } from './support/browser';
import { greenvalley } from './support/demo';
import { classesOf, waitUntil } from './support/offline';
import { admin, adminToken, searchList, studentsOf, uniqueName } from './support/records';

const session = useBrowser();
const slow = 180_000;
const upload = recordsKitTexts.upload;

/** The student sheet's columns as the spec lists them, in its order. */
const specHeaders = [
  'admissionId',
  'firstName',
  'lastName',
  'emailId',
  'rollNumber',
  'phoneNumber',
  'className',
  'classSection',
  'schoolName',
  'dateOfBirth',
  'gender',
  'fatherName',
  'motherName',
  'alternateNumber',
  'address',
  'apaarId',
];

function csvOf(headers: string[], rows: Record<string, string>[]): Buffer {
  const lines = [headers.join(','), ...rows.map((row) => headers.map((header) => row[header] ?? '').join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

describe('student import', () => {
  it(
    'downloads the template, refuses a file with a bad row (nothing written), then imports the corrected file',
    async () => {
      const token = await adminToken(session.baseUrl);
      const [klass] = await classesOf(session.baseUrl, token);
      if (!klass) throw new Error('the demo school has no class');
      const lastName = uniqueName('Import');
      const prefix = `E2E-${lastName.slice(6)}`;
      const people = [
        { firstName: 'Asha', gender: 'F', phoneNumber: '9876501234' },
        { firstName: 'Bhavin', gender: 'M', phoneNumber: '9876501235' },
        { firstName: 'Chitra', gender: 'F', phoneNumber: '9876501236' },
      ];
      const rowsOf = (badPhone: string | null) =>
        people.map((person, index) => ({
          admissionId: `${prefix}-${index + 1}`,
          firstName: person.firstName,
          lastName,
          rollNumber: String(40 + index),
          phoneNumber: index === 1 && badPhone !== null ? badPhone : person.phoneNumber,
          className: klass.className,
          classSection: klass.classSection,
          schoolName: greenvalley.schoolName,
          dateOfBirth: `1${index}/04/2014`,
          gender: person.gender,
          fatherName: `${person.firstName} Father`,
          motherName: `${person.firstName} Mother`,
          address: 'MG Road Pune',
        }));
      const mine = async () => (await studentsOf(session.baseUrl, token)).filter((student) => student.admissionId?.startsWith(`${prefix}-`));

      const { page } = await session.signedIn(admin);
      await page.goto('/admin/students');
      const openUpload = page.getByRole('button', { name: studentTexts.upload, exact: true });
      await openUpload.click();
      const panel = page.getByRole('region', { name: upload.heading, exact: true });
      await panel.waitFor();

      // The CSV template: the spec's sixteen headers, in its order, and no rows.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: upload.templateCsv, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('students-template.csv');
      const template = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const [headerLine, ...rest] = template.split(/\r?\n/).filter((line) => line !== '');
      const headers = headerLine!.split(',');
      expect(headers).toEqual(specHeaders);
      expect(rest).toEqual([]);

      // A file built on the template with one bad phone number on its second data row (sheet row 3).
      const file = panel.getByLabel(upload.file, { exact: true });
      await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csvOf(headers, rowsOf('12345')) });
      await panel.getByRole('button', { name: upload.upload, exact: true }).click();
      await panel.getByText(messages.imports.rejected(1), { exact: true }).waitFor({ timeout: 60_000 });
      const report = panel.getByRole('table', { name: upload.issuesCaption, exact: true });
      const issues = report.locator('tbody tr');
      expect(await issues.count()).toBe(1);
      expect(await issues.first().getByRole('rowheader').innerText()).toBe('3');
      expect(await issues.first().getByRole('cell').allInnerTexts()).toEqual(['phoneNumber', messages.records.fields.mobile('Phone number')]);
      expect(await mine()).toEqual([]);

      // Corrected: all three are imported.
      await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csvOf(headers, rowsOf(null)) });
      await panel.getByRole('button', { name: upload.upload, exact: true }).click();
      const done = panel.getByRole('status').filter({ hasText: messages.students.uploaded });
      await done.waitFor({ timeout: 60_000 });
      expect(await done.getByText(messages.students.uploaded, { exact: true }).isVisible()).toBe(true);
      expect(await done.getByText(upload.counts({ total: 3, created: 3, updated: 0, unchanged: 0 }), { exact: true }).isVisible()).toBe(true);
      expect(await report.count()).toBe(0);

      const stored = (await mine()).sort((a, b) => (a.admissionId ?? '').localeCompare(b.admissionId ?? ''));
      expect(stored).toHaveLength(3);
      stored.forEach((student, index) => {
        expect(student).toMatchObject({
          admissionId: `${prefix}-${index + 1}`,
          firstName: people[index]!.firstName,
          lastName,
          phoneNumber: people[index]!.phoneNumber,
          classId: klass.id,
          dateOfBirth: `2014-04-1${index}`,
          gender: people[index]!.gender === 'F' ? 'Female' : 'Male',
          schoolName: greenvalley.schoolName,
        });
      });

      // The list shows them (the import's sync brings them to this device).
      const list = page.locator('main');
      await searchList(list, lastName);
      const rows = list.locator('tbody tr').filter({ hasText: lastName });
      await waitUntil(() => rows.count(), (count) => count === 3);
      expect(await rows.count()).toBe(3);
      for (const [index, person] of people.entries()) {
        const row = rows.filter({ hasText: `${person.firstName} ${lastName}` });
        expect(await row.getByRole('rowheader').innerText()).toBe(`${prefix}-${index + 1}`);
      }
    },
    slow,
  );
});
