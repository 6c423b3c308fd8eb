/**
 * Fees in Chromium against the production build and the real server: the demo admin
 * takes the demo parent's elder child's overdue quarter at the counter offline; the receipt shows
 * Pending and prints PROVISIONAL; back online it gets the school's next number, without a gap, and
 * names the cashier; it prints on one A5 page; once the school has a UPI id, the receipt carries a
 * QR code of the upi://pay link for the balance, and the 80 mm thermal layout prints on one page
 * 80 mm wide; the demo parent, after one sync, sees the payment and the new balance offline.
 */
import { describe, expect, it } from 'vitest';
import type { FeeReceipt, FeeSettings, StudentDues } from '../../contract/fees';
import { formatRupees } from '../../contract/money';
import type { Page as EnvelopePage } from '../../contract/envelope';
import { schoolTodayIso } from '../../contract/record-formats';
import { feeTexts as text } from '../../src/features/fees/texts';
import { standingLines } from '../../src/kit/fee-standing';
import { upiQrDataUrl } from '../../src/features/fees/UpiQr';
import { upiPayLink } from '../../src/features/fees/upi-link';
import { useBrowser } from './support/browser';
import { demoUsername } from './support/demo';
import { admin, api, setPrintLanguage, tokenOf, waitUntil } from './support/offline';
import { feePaths } from '../../contract/fees';

const session = useBrowser();
const slow = 420_000;

interface Child {
  id: string;
  firstName: string;
  lastName: string;
}

describe('fees', () => {
  it(
    'a payment taken offline shows Pending, gets the next number once online, prints on one A5 page, carries the UPI QR code for the balance, prints on one 80 mm thermal page, and the parent sees it offline',
    async () => {
      const adminToken = await tokenOf(session.baseUrl, admin);
      const parentToken = await tokenOf(session.baseUrl, demoUsername('parent'));
      // The parent's children, from their receipts (a family reads its own only).
      const theirs = await api<FeeReceipt[]>(session.baseUrl, 'GET', feePaths.all, { token: parentToken });
      const children: Child[] = [...new Map(theirs.map((row) => [row.studentId, { id: row.studentId, firstName: row.studentName.split(' ')[0]!, lastName: row.studentName.split(' ').slice(1).join(' ') }])).values()];
      const owing: { child: Child; dues: StudentDues }[] = [];
      for (const child of children) {
        const dues = await api<StudentDues>(session.baseUrl, 'GET', feePaths.studentDues(child.id), { token: adminToken });
        if (dues.installments.some((line) => line.outstanding - line.fine > 0)) owing.push({ child, dues });
      }
      const { child, dues } = owing[0]!;
      const line = dues.installments.find((one) => one.outstanding - one.fine > 0)!;
      const left = line.amount - line.concession - line.paid;
      const last = await api<EnvelopePage<FeeReceipt>>(session.baseUrl, 'GET', `${feePaths.page}?size=1`, { token: adminToken });
      const lastSeq = last.content[0]?.receiptSeq ?? 0;

      const { context, page } = await session.signedIn(admin);
      await page.goto('/admin/addfee');
      await context.setOffline(true);
      const name = `${child.firstName} ${child.lastName}`.trim();
      await page.getByLabel(text.collect.searchLabel, { exact: true }).fill(child.firstName);
      await page.locator('.fee-found-btn', { hasText: name }).first().click();
      // Only the first installment with something left, in full; no fine.
      for (const box of await page.locator('.fee-table tbody input[type="checkbox"]').all()) if (await box.isChecked()) await box.uncheck();
      await page.getByLabel(text.collect.payThis({ what: `${line.head} ${line.label}` }), { exact: true }).check();
      const fine = page.getByLabel(text.collect.finePaid, { exact: true });
      if (await fine.count()) await fine.fill('0');
      await page.getByRole('button', { name: text.collect.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin/fees/details/'));
      const receiptId = new URL(page.url()).pathname.split('/').pop()!;
      await page.locator('.fee-receipt dd[data-pending]', { hasText: text.pending }).waitFor();
      expect(await page.locator('.fee-receipt').textContent()).toContain(formatRupees(left));
      // Provisional on paper too: the box inside the receipt prints (the screen's note does not), with a watermark across it.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.fee-receipt .fee-receipt-provisional').isVisible()).toBe(true);
      expect(await page.locator('.fee-receipt').evaluate((sheet) => getComputedStyle(sheet, '::after').content)).toBe('"PROVISIONAL"');
      expect(await page.locator('.alert', { hasText: text.pendingNote }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });

      await context.setOffline(false);
      const stored = await waitUntil(
        () => api<FeeReceipt>(session.baseUrl, 'GET', feePaths.one(receiptId), { token: adminToken }).catch(() => undefined),
        (found) => found !== undefined,
        60_000,
      );
      expect(stored!.receiptSeq).toBe(lastSeq + 1);
      await page.locator('.fee-receipt dd', { hasText: stored!.receiptNumber }).first().waitFor({ timeout: 60_000 });
      // Numbered: no longer provisional; received by the principal (the demo admin's staff record), not an e-mail address.
      expect(await page.locator('.fee-receipt-provisional').count()).toBe(0);
      expect(stored!.receivedBy).not.toContain('@');
      expect(await page.locator('.fee-receipt').textContent()).toContain(stored!.receivedBy);
      expect(await page.locator('.fee-receipt').textContent()).not.toContain(admin);

      // One A5 page.
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
      await page.emulateMedia({ media: 'screen' });

      // The school sets its UPI id: the receipt, opened online, carries a QR code of the upi://pay
      // link for the balance (the same image the link makes here), and its alt text names the amount.
      const settings = await api<FeeSettings>(session.baseUrl, 'GET', feePaths.settings, { token: adminToken });
      const { receiptFormat, teachersMayRead } = settings;
      await api(session.baseUrl, 'PUT', feePaths.settings, { token: adminToken, body: { receiptFormat, teachersMayRead, upiId: 'greenvalley@sbi', payeeName: 'Green Valley Fees' } });
      try {
        const balance = (await api<StudentDues>(session.baseUrl, 'GET', feePaths.studentDues(child.id), { token: adminToken })).totalOutstanding;
        expect(balance).toBeGreaterThan(0);
        await page.reload();
        const qr = page.locator('.fee-receipt img.fee-upi-qr');
        await qr.waitFor({ timeout: 60_000 });
        const link = upiPayLink({ vpa: 'greenvalley@sbi', payeeName: 'Green Valley Fees', amount: balance, note: text.receipt.upiNote({ student: stored!.studentName, receiptNumber: stored!.receiptNumber! }) });
        expect(link).toContain(`&am=${Math.floor(balance / 100)}.${String(balance % 100).padStart(2, '0')}&cu=INR`);
        expect(await qr.getAttribute('alt')).toBe(text.receipt.upiQrAlt({ amount: formatRupees(balance) }));
        expect(await qr.getAttribute('src')).toBe(await upiQrDataUrl(link));
        expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        expect(await page.locator('.fee-upi figcaption').textContent()).toBe(text.receipt.upiLabel({ amount: formatRupees(balance), vpa: 'greenvalley@sbi' }));

        // The 80 mm thermal layout, QR code and all: one page, 80 mm (226.8 pt) wide.
        await page.locator('input[name="fee-layout"][value="thermal"]').check();
        await page.locator('.fee-receipt-thermal img.fee-upi-qr').waitFor();
        await page.emulateMedia({ media: 'print' });
        const roll = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
        await page.emulateMedia({ media: 'screen' });
        expect(roll.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
        const box = roll.match(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/);
        expect(box).not.toBeNull();
        const widthMm = ((Number(box![3]) - Number(box![1])) / 72) * 25.4;
        expect(Math.abs(widthMm - 80)).toBeLessThan(0.5);

        // The school prints in Hindi: the same receipt, the screen still English, on one 80 mm page.
        await setPrintLanguage(session.baseUrl, adminToken, 'hi');
        await page.reload();
        await page.locator('.fee-receipt[lang="hi"]').waitFor({ timeout: 60_000 });
        await page.locator('input[name="fee-layout"][value="thermal"]').check();
        await page.locator('.fee-receipt-thermal img.fee-upi-qr').waitFor();
        expect(await page.locator('.fee-receipt').textContent()).toContain('रसीद');
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        await page.emulateMedia({ media: 'print' });
        const hindiRoll = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
        await page.emulateMedia({ media: 'screen' });
        expect(hindiRoll.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
      } finally {
        await setPrintLanguage(session.baseUrl, adminToken, 'en');
        await api(session.baseUrl, 'PUT', feePaths.settings, { token: adminToken, body: { ...settings } });
      }
      await context.close();

      // The parent: one sync, then offline after a reload.
      const { context: parentContext, page: parentPage } = await session.signedIn(demoUsername('parent'));
      await parentContext.setOffline(true);
      await parentPage.goto(`/student/fees?studentId=${child.id}`);
      await parentPage.getByRole('link', { name: text.family.open({ number: stored!.receiptNumber }), exact: true }).waitFor();
      const after = await api<StudentDues>(session.baseUrl, 'GET', feePaths.studentDues(child.id), { token: adminToken });
      // The same figures as the school's, in the screen's words: owed now, and the year split.
      const lines = standingLines(after, schoolTodayIso());
      const summary = (await parentPage.locator('.fee-summary').textContent()) ?? '';
      expect(summary).toContain(lines.owedNow);
      if (lines.year) expect(summary).toContain(lines.year);
      await parentContext.close();
    },
    slow,
  );
});
