/**
 * A transfer certificate in Chromium against the production build and the real server:
 * issued online on /admin/records/printtc/{studentId}, the page shows the school's serial, the
 * school and the masked Aadhaar; Print calls window.print; on paper only the certificate shows,
 * on exactly one A4 page; offline, a reload of that certificate's page draws the same sheet from
 * the device's copy.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { recordsTexts } from '../../src/features/records/texts';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { greenvalley } from './support/demo';
import { classesOf, syncStatus, waitForNothingWaiting } from './support/offline';
import { admin, admissionByNumber, adminToken, admitThroughApi, certificatesOf, pdfPages, uniqueName, validAadhaar } from './support/records';

const session = useBrowser();
const slow = 180_000;
const text = recordsTexts.print;
const title = messages.certificates.titles.transfer;

declare global {
  interface Window {
    printCalls?: number;
  }
}

describe('transfer certificate', () => {
  it(
    'issues online with its serial, prints one A4 page of only the certificate, and reprints offline',
    async () => {
      const token = await adminToken(session.baseUrl);
      const [klass] = await classesOf(session.baseUrl, token);
      const firstName = uniqueName('Leaver');
      const aadhaar = validAadhaar();
      const admission = await admitThroughApi(session.baseUrl, token, {
        firstName,
        lastName: 'Transfer',
        classId: klass?.id,
        aadhaarId: aadhaar,
        fatherName: 'Suresh Transfer',
      });
      const reason = `Family moved to Pune (${firstName})`;

      const { context, page } = await session.signedIn(admin);
      await context.addInitScript(() => {
        window.printCalls = 0;
        window.print = () => {
          window.printCalls = (window.printCalls ?? 0) + 1;
        };
      });
      await page.goto(`/admin/records/printtc/${admission.studentId}`);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await page.getByText(text.studentHeading({ name: `${firstName} Transfer` }), { exact: true }).waitFor();
      await page.getByText(text.noneIssued, { exact: true }).waitFor();

      await page.getByLabel(text.reasonForLeaving, { exact: true }).fill(reason);
      await page.getByLabel(text.conduct, { exact: true }).fill('Good');
      await page.getByLabel(text.promotion, { exact: true }).fill('Promoted to class VII');
      await page.getByRole('button', { name: text.issue, exact: true }).click();

      const sheet = page.getByRole('article', { name: title, exact: true });
      const serialCell = sheet.locator('.cert-serial');
      await serialCell.filter({ hasText: /^TC-\d{4}$/ }).waitFor({ timeout: 60_000 });
      const serial = (await serialCell.textContent())?.trim() ?? '';
      await page.getByRole('status').filter({ hasText: messages.certificates.issued(serial) }).waitFor();
      await waitForNothingWaiting(page);

      // What the school stored: one transfer certificate with this serial, frozen with the masked Aadhaar.
      const issued = (await certificatesOf(session.baseUrl, token, admission.studentId)).filter((row) => row.kind === 'transfer');
      expect(issued).toHaveLength(1);
      const [certificate] = issued;
      const masked = `XXXX XXXX ${aadhaar.slice(8)}`;
      expect(certificate).toMatchObject({ serial, studentId: admission.studentId });
      expect(certificate!.print.school.schoolName).toBe(greenvalley.schoolName);
      expect(certificate!.print.student.aadhaarMasked).toBe(masked);
      expect(certificate!.print.details).toMatchObject({ reasonForLeaving: reason, conduct: 'Good' });
      expect((await admissionByNumber(session.baseUrl, token, admission.admissionNumber)).status).toBe('withdrawn');

      // What the page shows: serial, school, the student's particulars with only the masked Aadhaar.
      expect(new URL(page.url()).searchParams.get('certificate')).toBe(certificate!.id);
      await sheet.getByText(greenvalley.schoolName, { exact: true }).waitFor();
      expect(await sheet.getByText(masked, { exact: true }).isVisible()).toBe(true);
      expect(await sheet.getByText(reason, { exact: true }).isVisible()).toBe(true);
      expect(await sheet.getByText(admission.admissionNumber, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(aadhaar).count()).toBe(0);
      const onScreen = await sheet.innerText();

      // Print calls the browser's print dialog.
      await page.getByRole('button', { name: text.print, exact: true }).click();
      expect(await page.evaluate(() => window.printCalls)).toBe(1);

      // On paper: the certificate only; the header, the sync bar, the forms and every button are gone.
      await page.emulateMedia({ media: 'print' });
      expect(await sheet.isVisible()).toBe(true);
      expect(await sheet.getByText(serial, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: title, exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: en.common.back, exact: true }).isVisible()).toBe(false);
      expect(await syncStatus(page).isVisible()).toBe(false);
      expect(await page.getByRole('heading', { level: 2, name: text.newHeading, exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('heading', { level: 2, name: text.issuedHeading, exact: true }).isVisible()).toBe(false);
      const buttons = page.getByRole('button');
      for (let index = 0; index < (await buttons.count()); index += 1) expect(await buttons.nth(index).isVisible()).toBe(false);
      const pdf = await page.pdf({ preferCSSPageSize: true });
      const pages = pdfPages(pdf);
      expect(pages.count).toBe(1);
      expect(pages.mediaBoxes).toHaveLength(1);
      const [width, height] = pages.mediaBoxes[0]!;
      expect(Math.abs(width - 595.28)).toBeLessThan(2);
      expect(Math.abs(height - 841.89)).toBeLessThan(2);
      await page.emulateMedia({ media: 'screen' });

      // Offline, the reprint of that certificate is the same page, from the device's copy.
      await context.setOffline(true);
      await page.reload();
      await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
      await sheet.waitFor();
      expect((await serialCell.textContent())?.trim()).toBe(serial);
      expect(await sheet.innerText()).toBe(onScreen);
      await page.getByRole('button', { name: text.print, exact: true }).click();
      expect(await page.evaluate(() => window.printCalls)).toBe(1);
    },
    slow,
  );
});
