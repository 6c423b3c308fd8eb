/**
 * An admission made offline in Chromium against the production build and the real server
 *: the register shows it at once with "Pending" for its number; back online the school's
 * number (YYYY-NNNN) replaces it without a reload, the school holds exactly one such admission, and
 * the student is on /admin/students with that admission id.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { recordsTexts } from '../../src/features/records/texts';
import { classLabel } from '../../src/features/records/queries';
import { studentTexts } from '../../src/features/students/texts';
import { useBrowser } from './support/browser';
import { classesOf, syncStatus, waitForNothingWaiting, waitUntil } from './support/offline';
import {
  admin,
  admissionByNumber,
  admissionNumberPattern,
  admissionsOf,
  adminToken,
  registerRow,
  registerSection,
  searchList,
  studentsOf,
  uniqueName,
} from './support/records';

const session = useBrowser();
const slow = 180_000;
const form = recordsTexts.form;

describe('admission offline', () => {
  it(
    'shows Pending offline, then the school’s number without a reload, stored once',
    async () => {
      const token = await adminToken(session.baseUrl);
      const [klass] = await classesOf(session.baseUrl, token);
      if (!klass) throw new Error('the demo school has no class');
      const firstName = uniqueName('Admit');
      const lastName = 'Offline';
      const fullName = `${firstName} ${lastName}`;

      const { context, page } = await session.signedIn(admin);
      await page.goto('/admin/records');
      await registerSection(page).waitFor();

      await context.setOffline(true);
      await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
      await page.getByRole('link', { name: recordsTexts.register.newAdmission, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/records/newadmission');
      await page.getByLabel(form.firstName, { exact: true }).fill(firstName);
      await page.getByLabel(form.lastName, { exact: true }).fill(lastName);
      await page.getByLabel(form.class, { exact: true }).selectOption({ label: classLabel(klass.className, klass.classSection) });
      await page.getByLabel(form.fatherName, { exact: true }).fill('Ramesh Offline');
      await page.getByLabel(form.phoneNumber, { exact: true }).fill('9876543210');
      await page.getByRole('button', { name: form.save, exact: true }).click();

      await page.waitForURL((url) => url.pathname === '/admin/records' && url.searchParams.has('added'));
      await page.getByRole('status').filter({ hasText: form.savedPending }).waitFor();
      const row = registerRow(page, fullName);
      await row.waitFor();
      const numberCell = row.getByRole('rowheader');
      expect(await numberCell.getByText(messages.admissions.pendingNumber, { exact: true }).isVisible()).toBe(true);
      await syncStatus(page).getByText('1 waiting', { exact: true }).waitFor();
      // Nothing reached the school while offline.
      expect((await admissionsOf(session.baseUrl, token)).filter((entry) => entry.student?.firstName === firstName)).toHaveLength(0);

      // A mark on this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { keptDocument: true }));
      await context.setOffline(false);
      await numberCell.filter({ hasText: admissionNumberPattern }).waitFor({ timeout: 60_000 });
      const number = (await numberCell.innerText()).trim();
      expect(number).toMatch(admissionNumberPattern);
      expect(await numberCell.getByText(messages.admissions.pendingNumber, { exact: true }).count()).toBe(0);
      // The notice above the register now says the number too.
      await page.getByRole('status').filter({ hasText: messages.admissions.added(number) }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { keptDocument?: boolean }).keptDocument)).toBe(true);
      await waitForNothingWaiting(page);

      // The school: exactly one admission of this student, under that number, with the details typed.
      const mine = await waitUntil(
        async () => (await admissionsOf(session.baseUrl, token)).filter((entry) => entry.student?.firstName === firstName),
        (found) => found.length > 0,
      );
      expect(mine).toHaveLength(1);
      expect(mine[0]!.admissionNumber).toBe(number);
      const byNumber = await admissionByNumber(session.baseUrl, token, number);
      expect(byNumber).toMatchObject({ id: mine[0]!.id, admissionNumber: number, status: 'admitted', classId: klass.id });
      expect(byNumber.student).toMatchObject({
        firstName,
        lastName,
        admissionId: number,
        classId: klass.id,
        fatherName: 'Ramesh Offline',
        phoneNumber: '9876543210',
      });
      const students = (await studentsOf(session.baseUrl, token)).filter((student) => student.firstName === firstName);
      expect(students).toHaveLength(1);
      expect(students[0]!.admissionId).toBe(number);

      // /admin/students lists the student with that admission id.
      await page.goto('/admin/students');
      const list = page.locator('main');
      await searchList(list, firstName);
      const studentRow = list.getByRole('row').filter({ hasText: fullName });
      await studentRow.waitFor();
      expect(await list.getByRole('row').filter({ hasText: firstName }).count()).toBe(1);
      expect((await studentRow.getByRole('rowheader').innerText()).trim()).toBe(number);
      expect(await list.getByRole('columnheader', { name: studentTexts.columns.admissionId, exact: true }).isVisible()).toBe(true);
    },
    slow,
  );
});
