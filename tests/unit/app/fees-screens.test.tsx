/**
 * The fee screens over a real engine (fake-indexeddb, offline): /admin/addfee finds a student in
 * the device's copy, shows the dues, refuses a UPI payment without its reference and writes the
 * payment to the outbox as a Pending receipt in paise; the receipt prints from the device with the
 * amount in words; /admin/fee lists the register (Pending first), the day's collection by mode and
 * the defaulters of a class; /student/fees shows a parent's child's next due and receipts.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { academicYearOf } from '../../../contract/admission';
import type { FeeStructure } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import type { SyncEngine } from '../../../sync';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../../../sync/modules/fees';
import CollectFeePage from '../../../src/features/fees/CollectFeePage';
import FeeRegisterPage from '../../../src/features/fees/FeeRegisterPage';
import ReceiptPage from '../../../src/features/fees/ReceiptPage';
import StudentFeesPage from '../../../src/features/fees/StudentFeesPage';
import { collectionByMode } from '../../../src/features/fees/queries';
import { feePayeeKey } from '../../../src/features/fees/receipt-payee';
import { upiQrDataUrl } from '../../../src/features/fees/UpiQr';
import { draftsOf, structureBody, usualDueDates, withFrequency } from '../../../src/features/fees/structure-drafts';
import { feeTexts as text } from '../../../src/features/fees/texts';
import { recordsKitTexts } from '../../../src/kit/texts';
import { showLanguage } from '../../../src/i18n/language';
import { AppToaster } from '../../../src/ui/AppToaster';
import { byLabel, click, meanwhile, renderRoute, submit, type, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, until } from './records-harness';
import { feeMessages, officeCashier } from '../../../contract/fees';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { schoolYearsTable, studentYearsTable } from '../../../sync/modules/years';

let view: Rendered | undefined;
const harness = screenHarness('fees');
// A day of the 2026-27 year after the second and third quarters fell due (10 July, 10 October), before the fourth (10 January).
const today = '2026-11-25';
onDay(today);

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, vB] = [id(1), id(2)];
const [asha, ravi, meena] = [id(21), id(22), id(23)];
const tuition = id(31);
const year = academicYearOf(today);
const quarter = (n: number) => id(40 + n);

const structure = (classId: string, structureId: string): FeeStructure => ({
  id: structureId,
  classId,
  academicYear: year,
  heads: [
    {
      headId: tuition,
      frequency: 'quarterly',
      installments: [`${year}-04-10`, `${year}-07-10`, `${year}-10-10`, `${year + 1}-01-10`].map((dueDate, index) => ({
        id: classId === vA ? quarter(index) : id(60 + index),
        label: `Quarter ${index + 1}`,
        dueDate,
        amount: 1_250_000,
      })),
    },
  ],
  fineKind: 'none',
  fineAmount: 0,
  fineCap: null,
  rev: 2,
});

const receipt = (n: number, fields: Partial<FeeReceiptRow>): FeeReceiptRow => ({
  id: id(100 + n),
  receiptNumber: `RCPT/${year}-${String((year + 1) % 100).padStart(2, '0')}/${String(n).padStart(5, '0')}`,
  receiptSeq: n,
  academicYear: year,
  studentId: asha,
  studentName: 'Asha Rao',
  admissionId: 'A1',
  classId: vA,
  className: 'V A',
  paidOn: `${year}-04-05`,
  mode: 'cash',
  reference: null,
  bank: null,
  items: [{ installmentId: quarter(0), headId: tuition, headName: 'Tuition', label: 'Quarter 1', dueDate: `${year}-04-10`, amount: 1_250_000 }],
  fine: 0,
  fineWaived: 0,
  waiverReason: null,
  total: 1_250_000,
  remark: null,
  status: 'paid',
  cancelledOn: null,
  cancelReason: null,
  replacedBy: null,
  replaces: null,
  receivedBy: 'Meena Iyer',
  createdAt: '2026-04-05T05:00:00.000Z',
  recordedOn: `${year}-04-05`,
  backdatedFine: 0,
  balanceDue: null,
  yearBalance: null,
  rev: 5,
  ...fields,
});

async function seedSchool(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
    { id: vB, className: 'V', classSection: 'B', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(studentsTable).bulkPut([
    { id: asha, classId: vA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 },
    { id: ravi, classId: vA, admissionId: 'A2', firstName: 'Ravi', lastName: 'Kumar', rev: 1 },
    { id: meena, classId: vB, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rev: 1 },
  ]);
  await engine.db.tableOf(feeHeadsTable).put({ id: tuition, name: 'Tuition', description: null, rev: 1 });
  await engine.db.tableOf(feeStructuresTable).bulkPut([structure(vA, id(35)), structure(vB, id(36))]);
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(
    renderRoute(
      path,
      <>
        {element}
        <AppToaster />
      </>,
      url,
    ),
  );
}

/** The value of a receipt's fact by its term (undefined when the receipt does not show it). */
const factOf = (term: string) =>
  Array.from(view!.container.querySelectorAll('.fee-receipt dt'))
    .find((dt) => dt.textContent === term)
    ?.nextElementSibling?.textContent ?? undefined;

const labelled = (label: string) => view!.container.querySelector<HTMLElement>(`[aria-label="${label}"]`);

describe('/admin/addfee', () => {
  it('finds a student, shows the dues, refuses UPI without its reference and saves a Pending receipt in paise', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/admin/addfee', <CollectFeePage />);
    await until(() => view!.container.querySelector('input[type="search"]') !== null, 'the finder');
    await type(byLabel(view!.container, text.collect.searchLabel), 'asha');
    const found = Array.from(view!.container.querySelectorAll<HTMLButtonElement>('.fee-found-btn'));
    expect(found.map((button) => button.textContent)).toEqual(['Asha Rao · V A · A1']);
    await click(found[0]!);
    await until(() => view!.container.querySelector('.fee-table') !== null, 'the dues');

    // What she owes now and since when, and what comes later in the year, above the installments.
    const standing = view!.container.querySelector('.fee-standing')?.textContent ?? '';
    expect(standing).toContain(`Overdue since 10/07/${year}: ₹25,000.00`);
    expect(standing).toContain('Outstanding this year: ₹37,500.00 (₹25,000.00 overdue, ₹12,500.00 not yet due)');
    // The first quarter is paid; the three left are offered, those already due (the second and third) ticked.
    const rows = Array.from(view!.container.querySelectorAll('.fee-table tbody tr'));
    expect(rows.map((row) => row.textContent?.includes('Tuition Quarter 1'))).toEqual([false, false, false]);
    expect(rows).toHaveLength(3);
    const ticked = (label: string) => (labelled(text.collect.payThis({ what: label })) as HTMLInputElement).checked;
    expect(['Tuition Quarter 2', 'Tuition Quarter 3', 'Tuition Quarter 4'].map(ticked)).toEqual([true, true, false]);
    // This payment is towards the second quarter only.
    await click(labelled(text.collect.payThis({ what: 'Tuition Quarter 3' }))!);
    expect(['Tuition Quarter 2', 'Tuition Quarter 3', 'Tuition Quarter 4'].map(ticked)).toEqual([true, false, false]);
    await type(labelled(text.collect.amountLabel({ what: 'Tuition Quarter 2' })) as HTMLInputElement, '5,000.50');
    await type(byLabel<HTMLSelectElement>(view!.container, text.collect.mode), 'upi');
    await submit(view!.container.querySelector('form')!);
    expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe(feeMessages.referenceNeeded);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(byLabel(view!.container, text.collect.reference.upi), 'UPI-4512');
    expect(view!.container.querySelector('.fee-total')?.textContent).toBe(text.collect.total({ amount: '₹5,000.50' }));
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'feeReceipts.create', method: 'POST', body: { studentId: asha, mode: 'upi', reference: 'UPI-4512', items: [{ installmentId: quarter(1), amount: 500_050 }], fine: 0 } });
    const saved = await meanwhile(() => engine.db.tableOf(feeReceiptsTable).get((entry!.body as { id: string }).id));
    expect(saved).toMatchObject({ receiptNumber: null, total: 500_050, studentName: 'Asha Rao', className: 'V A' });
    // The day it was made travels with it; the device works out what the school will fix: after it,
    // ₹7,499.50 of the second quarter and the third (due 10 October) are due, the fourth to come.
    expect(entry!.body).toMatchObject({ recordedOn: today });
    expect(saved).toMatchObject({ recordedOn: today, paidOn: today, backdatedFine: 0, balanceDue: 749_950 + 1_250_000, yearBalance: 749_950 + 2_500_000, receivedBy: officeCashier });
  });
});

describe('/admin/addfee, back-dated', () => {
  it('shows the fine an earlier payment date removes and asks for the reason before saving, as the school will', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    // V A with a fine of ₹10 a working day late, no cap; the first quarter paid.
    await engine.db.tableOf(feeStructuresTable).put({ ...structure(vA, id(35)), fineKind: 'perDay', fineAmount: 1_000 });
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/admin/addfee', <CollectFeePage />);
    await until(() => view!.container.querySelector('input[type="search"]') !== null, 'the finder');
    await type(byLabel(view!.container, text.collect.searchLabel), 'asha');
    await click(view!.container.querySelector<HTMLButtonElement>('.fee-found-btn')!);
    await until(() => view!.container.querySelector('.fee-table') !== null, 'the dues');
    // The third quarter alone, paid on Monday 12 October: its fine stops at ₹10 instead of ₹390 today.
    await click(labelled(text.collect.payThis({ what: 'Tuition Quarter 2' }))!);
    await type(byLabel(view!.container, text.collect.paidOn), '2026-10-12');
    expect(view!.container.querySelector('.fee-backdated')?.textContent).toBe(text.collect.backdated({ amount: '₹380.00', date: '12/10/2026' }));
    // The fine left to take as of that date: the second quarter's 118 working days and the third's one.
    expect(view!.container.textContent).toContain(text.collect.fineDue({ amount: '₹1,190.00' }));
    expect(byLabel(view!.container, text.collect.finePaid).value).toBe('1190');
    await submit(view!.container.querySelector('form')!);
    expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe(feeMessages.backdatedReason('₹380.00', '12/10/2026'));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(byLabel(view!.container, text.collect.waiverReason), 'Cheque of 12/10 entered late');
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.body).toMatchObject({ paidOn: '2026-10-12', recordedOn: today, waiverReason: 'Cheque of 12/10 entered late', fine: 119_000, items: [{ installmentId: quarter(2), amount: 1_250_000 }] });
  });
});

describe('/admin/fees/details/:receiptId', () => {
  it('prints a Pending receipt from the device with the amount in words, on A5 or an 80 mm roll', async () => {
    const engine = await harness.engine('ADMIN', { storage: { schoolName: 'Green Valley School' } });
    await seedSchool(engine);
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, { receiptNumber: null, receiptSeq: null, total: 1_250_050, items: [{ installmentId: quarter(0), headId: tuition, headName: 'Tuition', label: 'Quarter 1', dueDate: `${year}-04-10`, amount: 1_250_050 }] }));
    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${id(101)}`);
    await until(() => view!.container.querySelector('.fee-receipt') !== null, 'the receipt');
    const sheet = view!.container.querySelector('.fee-receipt')!;
    expect(sheet.classList.contains('fee-receipt-a5')).toBe(true);
    expect(sheet.textContent).toContain(text.pending);
    expect(sheet.textContent).toContain('₹12,500.50');
    expect(sheet.textContent).toContain('Rupees Twelve Thousand Five Hundred and Fifty Paise Only');
    expect(sheet.textContent).toContain('Asha Rao');
    expect(view!.container.textContent).toContain(text.pendingNote);
    // Provisional on the receipt itself, so on paper too (the note above is for the screen only): the
    // print's watermark is this attribute's word.
    expect(sheet.getAttribute('data-provisional')).toBe(text.receipt.provisionalMark);
    const mark = sheet.querySelector('.fee-receipt-provisional');
    expect(mark?.textContent).toBe(`${text.receipt.provisionalMark} ${text.receipt.provisional}`);
    expect(mark?.closest('.no-print')).toBeNull();
    // A copy made on this device without its figures (an app from before they were kept) waits for the school's.
    expect(factOf(text.receipt.balanceDue({ date: '05/04/2026' }))).toBe(text.receipt.balancePending);
    await click(view!.container.querySelector<HTMLInputElement>('input[name="fee-layout"][value="thermal"]')!);
    expect(view!.container.querySelector('.fee-receipt')!.classList.contains('fee-receipt-thermal')).toBe(true);
    expect(view!.container.querySelector('.fee-upi')).toBeNull();
  });

  it('prints a UPI QR code for the balance the receipt was issued with, and none when nothing was left to pay', async () => {
    const engine = await harness.engine('ADMIN', { storage: { schoolName: 'Green Valley School' } });
    await seedSchool(engine);
    await engine.db.meta.put({ key: feePayeeKey, value: { upiId: 'greenvalley@sbi', payeeName: null } });
    const paid = receipt(1, { balanceDue: 0, yearBalance: 3_750_000 });
    await engine.db.tableOf(feeReceiptsTable).put(paid);
    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${paid.id}`);
    await until(() => view!.container.querySelector('.fee-upi-qr') !== null, 'the UPI QR code');
    // Three quarters of ₹12,500 left when it was issued; no payee name set, so the school's name (the header's) is the payee.
    const link = `upi://pay?pa=greenvalley%40sbi&pn=Green%20Valley%20Public%20School&am=37500.00&cu=INR&tn=${encodeURIComponent(`Fees Asha Rao after ${paid.receiptNumber}`)}`;
    const qr = view!.container.querySelector<HTMLImageElement>('.fee-upi-qr')!;
    expect(view!.container.querySelector('.fee-upi figcaption')?.textContent).toBe(text.receipt.upiLabel({ amount: '₹37,500.00', vpa: 'greenvalley@sbi' }));
    expect(qr.alt).toBe(text.receipt.upiQrAlt({ amount: '₹37,500.00' }));
    expect(qr.getAttribute('src')).toBe(await upiQrDataUrl(link));

    // Every quarter paid later: the receipt still says what it said when issued.
    const rest = receipt(2, {
      paidOn: `${year}-10-01`,
      total: 3_750_000,
      items: [1, 2, 3].map((n) => ({ installmentId: quarter(n), headId: tuition, headName: 'Tuition', label: `Quarter ${n + 1}`, dueDate: `${year}-07-10`, amount: 1_250_000 })),
      balanceDue: 0,
      yearBalance: 0,
    });
    await meanwhile(() => engine.db.tableOf(feeReceiptsTable).put(rest));
    await meanwhile(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(view!.container.querySelector('.fee-upi-qr')?.getAttribute('src')).toBe(await upiQrDataUrl(link));

    // No UPI id on the device: no QR code even with a balance.
    await meanwhile(() => engine.db.meta.delete(feePayeeKey));
    await until(() => view!.container.querySelector('.fee-upi') === null, 'no QR code without a UPI id');

    // The receipt that left nothing to pay: ₹0.00, no QR code.
    await engine.db.meta.put({ key: feePayeeKey, value: { upiId: 'greenvalley@sbi', payeeName: null } });
    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${rest.id}`);
    await until(() => view!.container.querySelector('.fee-receipt') !== null, 'the second receipt');
    expect(factOf(text.receipt.balanceDue({ date: '01/10/2026' }))).toBe('₹0.00');
    expect(factOf(text.receipt.yearBalance({ year: '2026-27' }))).toBe('₹0.00');
    expect(view!.container.querySelector('.fee-upi')).toBeNull();
  });

  it('shows what was fixed when it was issued: the balance as of its date, the cashier’s name, who back-dated it; an older receipt says it has no balance', async () => {
    const engine = await harness.engine('ADMIN', { storage: { schoolName: 'Green Valley School' } });
    await seedSchool(engine);
    const backdated = receipt(1, {
      paidOn: `${year}-04-09`,
      recordedOn: `${year}-04-20`,
      receivedBy: 'Lakshmi Rao',
      backdatedFine: 5_000,
      waiverReason: 'Cheque of 09/04 entered late',
      balanceDue: 0,
      yearBalance: 3_750_000,
    });
    // A receipt the school sent before receipts kept their balance (no figures, no recorded day).
    // Both are stored before any page shows: a write under a mounted page would update it outside act().
    const { balanceDue: _due, yearBalance: _rest, recordedOn: _day, backdatedFine: _fine, ...older } = receipt(2, {});
    await engine.db.tableOf(feeReceiptsTable).bulkPut([backdated, older]);
    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${backdated.id}`);
    await until(() => view!.container.querySelector('.fee-receipt') !== null, 'the receipt');
    const sheet = view!.container.querySelector('.fee-receipt')!;
    expect(factOf(text.receipt.balanceDue({ date: '09/04/2026' }))).toBe('₹0.00');
    expect(factOf(text.receipt.yearBalance({ year: '2026-27' }))).toBe('₹37,500.00');
    expect(factOf(text.receipt.receivedBy)).toBe('Lakshmi Rao');
    expect(factOf(text.receipt.recordedOn)).toBe(text.receipt.recorded({ date: '20/04/2026', name: 'Lakshmi Rao' }));
    expect(sheet.textContent).toContain(text.receipt.backdatedFine({ amount: '₹50.00', reason: 'Cheque of 09/04 entered late' }));
    expect(sheet.querySelector('.fee-receipt-provisional')).toBeNull();
    expect(sheet.hasAttribute('data-provisional')).toBe(false);

    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${older.id}`);
    await until(() => view!.container.querySelector('.fee-receipt') !== null, 'the older receipt');
    expect(factOf(text.receipt.balanceDue({ date: '05/04/2026' }))).toBe(text.receipt.balanceUnknown);
    expect(factOf(text.receipt.yearBalance({ year: '2026-27' }))).toBeUndefined();
    expect(factOf(text.receipt.recordedOn)).toBeUndefined();
  });
});

describe('/admin/fee', () => {
  it('lists the register with Pending first, totals the day by mode and lists a class’s defaulters', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(feeReceiptsTable).bulkPut([
      receipt(1, { paidOn: today, mode: 'cash' }),
      receipt(2, { paidOn: today, mode: 'upi', reference: 'U1', total: 300_000, studentId: ravi, studentName: 'Ravi Kumar', items: [] }),
      receipt(3, { paidOn: today, mode: 'cash', status: 'cancelled', cancelReason: 'Typo', studentId: ravi, studentName: 'Ravi Kumar' }),
      receipt(4, { receiptNumber: null, receiptSeq: null, paidOn: today, studentId: meena, studentName: 'Meena Das', createdAt: new Date().toISOString() }),
    ]);
    await show('/admin/fee', <FeeRegisterPage />);
    await until(() => view!.container.querySelectorAll('tbody tr').length >= 4, 'the register');
    const first = view!.container.querySelector('tbody tr')!;
    expect(first.textContent).toContain(text.pending);
    expect(first.textContent).toContain('Meena Das');

    // Cash: two receipts of ₹12,500 (the cancelled one left out), UPI: one of ₹3,000.
    const closing = view!.container.querySelector('[aria-labelledby="fee-closing"] table');
    expect(closing?.querySelector('tfoot')?.textContent).toContain('₹28,000.00');
    expect(collectionByMode(await meanwhile(() => engine.db.tableOf(feeReceiptsTable).toArray()), today)).toEqual([
      { mode: 'cash', count: 2, total: 2_500_000 },
      { mode: 'upi', count: 1, total: 300_000 },
      { mode: 'cheque', count: 0, total: 0 },
      { mode: 'bankTransfer', count: 0, total: 0 },
      { mode: 'online', count: 0, total: 0 },
    ]);

    await type(byLabel<HTMLSelectElement>(view!.container, text.defaulters.chooseClass), vA);
    const table = Array.from(view!.container.querySelectorAll('table')).find((one) => one.querySelector('caption')?.textContent === text.defaulters.caption({ className: 'V A' }));
    expect(table).toBeDefined();
    const names = Array.from(table!.querySelectorAll('tbody tr')).map((row) => row.textContent ?? '');
    // Ravi paid nothing towards his quarters; Asha paid the first (both owe the second and third).
    expect(names).toHaveLength(2);
    expect(names[0]).toContain('Ravi Kumar');
    expect(names[1]).toContain('Asha Rao');
    // Each row says since when and how much is owed now, and what is not yet due.
    const cellsOf = (row: Element) => Object.fromEntries(Array.from(row.querySelectorAll('td')).map((cell) => [cell.getAttribute('data-label'), cell.textContent]));
    expect(cellsOf(table!.querySelectorAll('tbody tr')[0]!)).toEqual({
      [text.columns.admissionId]: 'A2',
      [text.columns.overdueSince]: `10/04/${year}`,
      [text.columns.overdue]: '₹37,500.00',
      [text.columns.overdueFine]: '₹0.00',
      [text.columns.notYetDue]: '₹12,500.00',
      [text.columns.total]: '₹50,000.00',
    });
    expect(cellsOf(table!.querySelectorAll('tbody tr')[1]!)).toMatchObject({ [text.columns.overdueSince]: `10/07/${year}`, [text.columns.overdue]: '₹25,000.00' });
  });
});

describe('/student/fees', () => {
  it('shows a parent what the chosen child owes now and later, each installment’s state, and the paid receipts', async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(studentsTable).delete(ravi);
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/student/fees', <StudentFeesPage />, `/student/fees?studentId=${asha}`);
    await until(() => view!.container.querySelector('.fee-summary') !== null, 'the summary');
    const summary = view!.container.querySelector('.fee-summary')!.textContent ?? '';
    expect(summary).toContain('Asha Rao');
    // Quarter 1 paid; quarters 2 and 3 fell due on 10 July and 10 October; quarter 4 comes in January.
    expect(summary).toContain(`Overdue since 10/07/${year}: ₹25,000.00`);
    expect(summary).toContain('Outstanding this year: ₹37,500.00 (₹25,000.00 overdue, ₹12,500.00 not yet due)');
    expect(summary).not.toContain('Next due');
    const states = Array.from(view!.container.querySelectorAll('[aria-labelledby="fee-family-dues"] tbody tr')).map((row) => [
      row.querySelector('th')?.textContent,
      row.querySelector(`[data-label="${text.columns.state}"]`)?.textContent,
    ]);
    expect(states).toEqual([
      ['Tuition Quarter 1', text.installmentStates.paid],
      ['Tuition Quarter 2', text.installmentStates.overdue],
      ['Tuition Quarter 3', text.installmentStates.overdue],
      ['Tuition Quarter 4', text.installmentStates.notYetDue],
    ]);
    const link = labelled(text.family.open({ number: receipt(1, {}).receiptNumber! }));
    expect(link?.getAttribute('href')).toBe(`/student/fees/details/${id(101)}`);
    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseChild), meena);
    await until(() => (view!.container.querySelector('.fee-summary')?.textContent ?? '').includes('Meena Das'), 'the other child');
    expect(view!.container.textContent).toContain(text.family.noReceipts);
  });
});

describe('/student/fees after the school turned the year over', () => {
  it("shows this year's fees of the new class, last year's unpaid installments as previous year dues, and last year when chosen", async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seedSchool(engine);
    const vIA = id(3);
    await engine.db.tableOf(classesTable).put({ id: vIA, className: 'VI', classSection: 'A', classTeacherId: null, rev: 1 });
    await engine.db.tableOf(studentsTable).put({ id: asha, classId: vIA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 2 });
    await engine.db.tableOf(studentsTable).bulkDelete([ravi, meena]);
    const next = structure(vIA, id(37));
    await engine.db.tableOf(feeStructuresTable).put({
      ...next,
      academicYear: year + 1,
      heads: next.heads.map((head) => ({ ...head, installments: head.installments.map((one) => ({ ...one, id: `${one.id.slice(0, -3)}9${one.id.slice(-2)}`, dueDate: `${Number(one.dueDate.slice(0, 4)) + 1}${one.dueDate.slice(4)}` })) })),
    });
    await engine.db.tableOf(schoolYearsTable).bulkPut([
      { id: id(201), academicYear: year, label: '2026-27', status: 'closed', current: false, startedAt: null, undoUntil: null, rev: 3 },
      { id: id(202), academicYear: year + 1, label: '2027-28', status: 'open', current: true, startedAt: '2026-11-25T05:00:00.000Z', undoUntil: null, rev: 3 },
    ]);
    await engine.db.tableOf(studentYearsTable).put({ id: id(203), studentId: asha, academicYear: year, classId: vA, className: 'V', classSection: 'A', outcome: 'promoted', duesCarried: 3_750_000, rev: 3 });
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/student/fees', <StudentFeesPage />, `/student/fees?studentId=${asha}`);
    await until(() => view!.container.querySelector('.fee-previous') !== null, 'the previous year dues');
    expect(view!.container.querySelector('.fee-summary')!.textContent).toContain('Outstanding this year: ₹50,000.00');
    const previous = view!.container.querySelector('.fee-previous')!;
    expect(previous.querySelector('h2')!.textContent).toBe('Previous year dues (2026-27)');
    expect(previous.textContent).toContain('₹37,500.00 is still to be paid for 2026-27.');
    expect(Array.from(previous.querySelectorAll('tbody th')).map((th) => th.textContent)).toEqual(['Tuition Quarter 2', 'Tuition Quarter 3', 'Tuition Quarter 4']);
    expect(view!.container.textContent).toContain(text.family.noReceipts);

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseYear), String(year));
    await until(() => (view!.container.querySelector('.fee-summary')?.textContent ?? '').includes(`Overdue since 10/07/${year}`), 'last year');
    expect(view!.container.textContent).toContain(recordsKitTexts.closedYear({ year: '2026-27' }));
    expect(view!.container.querySelector('.fee-previous')).toBeNull();
    expect(labelled(text.family.open({ number: receipt(1, {}).receiptNumber! }))).not.toBeNull();
  });
});

describe('/admin/fee after the school turned the year over', () => {
  it("lists this year's receipts and, with 2026-27 chosen, last year's, saying it is closed", async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(schoolYearsTable).bulkPut([
      { id: id(201), academicYear: year, label: '2026-27', status: 'closed', current: false, startedAt: null, undoUntil: null, rev: 3 },
      { id: id(202), academicYear: year + 1, label: '2027-28', status: 'open', current: true, startedAt: '2026-11-25T05:00:00.000Z', undoUntil: null, rev: 3 },
    ]);
    await engine.db.tableOf(feeReceiptsTable).bulkPut([receipt(1, {}), receipt(2, { academicYear: year + 1, receiptNumber: 'RCPT/2027-28/00001', receiptSeq: 1, paidOn: today, studentId: ravi, studentName: 'Ravi Kumar' })]);
    await show('/admin/fee', <FeeRegisterPage />);
    const register = () => Array.from(view!.container.querySelectorAll('[aria-labelledby="fee-register"] tbody tr')).map((row) => row.textContent ?? '');
    await until(() => register().some((row) => row.includes('RCPT/2027-28/00001')), "this year's register");
    expect(register().some((row) => row.includes('RCPT/2026-27/00001'))).toBe(false);
    expect(view!.container.textContent).not.toContain(recordsKitTexts.closedYear({ year: '2026-27' }));

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseYear), String(year));
    await until(() => register().some((row) => row.includes('RCPT/2026-27/00001')), "last year's register");
    expect(register().some((row) => row.includes('RCPT/2027-28/00001'))).toBe(false);
    expect(view!.container.textContent).toContain(recordsKitTexts.closedYear({ year: '2026-27' }));
  });
});

describe('fee set-up on /admin/fee', () => {
  it('adds a fee head through the outbox and offers each head of the structure; saving waits for the school', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    await show('/admin/fee', <FeeRegisterPage />);
    await until(() => view!.container.querySelector('#fee-setup') !== null, 'the set-up');
    await type(byLabel(view!.container, text.setup.newHead), 'Laboratory');
    await submit(view!.container.querySelector<HTMLFormElement>('#fee-setup ~ form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the head in the outbox');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'feeHeads.create', body: { name: 'Laboratory' } });
    await until(() => (view!.container.querySelector('#fee-setup')?.parentElement?.textContent ?? '').includes('Laboratory'), 'the new head');

    await type(byLabel<HTMLSelectElement>(view!.container, text.setup.chooseClass), vA);
    await until(() => view!.container.querySelector('.fee-structure-form') !== null, 'the structure form');
    expect(byLabel<HTMLInputElement>(view!.container, text.setup.amount({ head: 'Tuition' })).value).toBe('12500');
    expect(byLabel<HTMLInputElement>(view!.container, text.setup.dueDate({ head: 'Tuition', n: 4 })).value).toBe(`${year + 1}-01-10`);
    // Offline (the harness's engine), the school cannot save it, nor the receipt settings.
    expect(view!.container.querySelector<HTMLButtonElement>('.fee-structure-form button[type="submit"]')!.disabled).toBe(true);
    // A concession, through the outbox.
    const concession = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.concessions.add}"]`)!;
    await type(byLabel<HTMLSelectElement>(concession, text.concessions.student), asha);
    await click(Array.from(concession.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Tuition')!.querySelector('input')!);
    await type(byLabel(concession, text.concessions.percent), '10');
    await submit(concession);
    await until(async () => (await engine.db.outbox.count()) === 2, 'the concession in the outbox');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[1]).toMatchObject({ kind: 'feeConcessions.create', body: { studentId: asha, academicYear: year, kind: 'sibling', headIds: [tuition], percent: 10, amount: null } });
    await until(() => (view!.container.querySelector('[aria-labelledby="fee-concessions"]')?.textContent ?? '').includes('Asha Rao · Sibling · 10%'), 'the concession listed');
    const settings = view!.container.querySelector('[aria-labelledby="fee-settings-heading"]')!;
    expect(settings.textContent).toContain(text.settings.offline);
    expect(settings.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('renames a fee head and edits a concession in place, both through the outbox with their base revs', async () => {
    const engine = await harness.engine('ADMIN', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(feeConcessionsTable).put({ id: id(90), studentId: asha, academicYear: year, kind: 'sibling', headIds: [tuition], percent: 10, amount: null, reason: 'Sister in VI', rev: 3 });
    await show('/admin/fee', <FeeRegisterPage />);
    await until(() => labelled(text.setup.rename({ head: 'Tuition' })) !== null, 'the heads');

    await click(labelled(text.setup.rename({ head: 'Tuition' }))!);
    const renaming = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.setup.rename({ head: 'Tuition' })}"]`)!;
    expect(byLabel<HTMLInputElement>(renaming, text.setup.newName({ head: 'Tuition' })).value).toBe('Tuition');
    await type(byLabel(renaming, text.setup.newName({ head: 'Tuition' })), '  ');
    await submit(renaming);
    expect(renaming.querySelector('[role="alert"]')?.textContent).toBe(messages.records.fields.required(text.columns.head));
    await type(byLabel(renaming, text.setup.newName({ head: 'Tuition' })), 'Tuition and library');
    await submit(renaming);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the new name in the outbox');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'feeHeads.update', method: 'PUT', body: { id: tuition, name: 'Tuition and library', description: null, baseRev: 1 } });
    await until(() => labelled(text.setup.rename({ head: 'Tuition and library' })) !== null, 'the head renamed on the device');
    expect((await meanwhile(() => engine.db.tableOf(feeHeadsTable).get(tuition)))?.name).toBe('Tuition and library');

    await type(byLabel<HTMLSelectElement>(view!.container, text.setup.chooseClass), vA);
    await until(() => labelled(text.concessions.edit({ name: 'Asha Rao' })) !== null, 'the concession listed');
    await click(labelled(text.concessions.edit({ name: 'Asha Rao' }))!);
    const editing = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.concessions.editing({ name: 'Asha Rao' })}"]`)!;
    expect(byLabel<HTMLSelectElement>(editing, text.concessions.student).value).toBe(asha);
    expect(byLabel<HTMLInputElement>(editing, text.concessions.percent).value).toBe('10');
    expect(byLabel<HTMLInputElement>(editing, text.concessions.reason).value).toBe('Sister in VI');
    expect(Array.from(editing.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Tuition and library')!.querySelector('input')!.checked).toBe(true);
    await type(byLabel(editing, text.concessions.percent), '25');
    await submit(editing);
    await until(async () => (await engine.db.outbox.count()) === 2, 'the changed concession in the outbox');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[1]).toMatchObject({
      kind: 'feeConcessions.update',
      method: 'PUT',
      body: { id: id(90), studentId: asha, academicYear: year, kind: 'sibling', headIds: [tuition], percent: 25, amount: null, reason: 'Sister in VI', baseRev: 3 },
    });
    await until(() => (view!.container.querySelector('[aria-labelledby="fee-concessions"]')?.textContent ?? '').includes('Asha Rao · Sibling · 25%'), 'the concession changed in place');
    expect(await meanwhile(() => engine.db.tableOf(feeConcessionsTable).count())).toBe(1);
    // Back to adding.
    expect(view!.container.querySelector(`form[aria-label="${text.concessions.add}"]`)).not.toBeNull();
  });

  it('builds the structure the school takes: ids kept by place, usual dates per frequency, amounts in paise', () => {
    expect(usualDueDates('termly', 2026)).toEqual(['2026-04-10', '2026-10-10']);
    expect(usualDueDates('monthly', 2026).at(-1)).toBe('2027-03-10');
    const heads = [{ id: tuition, name: 'Tuition', description: null, rev: 1 }, { id: id(32), name: 'Transport', description: null, rev: 1 }];
    const drafts = draftsOf(heads, structure(vA, id(35)), year);
    expect(drafts.map((draft) => [draft.charged, draft.frequency, draft.amount])).toEqual([[true, 'quarterly', '12500'], [false, 'quarterly', '']]);
    const bus = { ...withFrequency(drafts[1]!, 'once', year), charged: true, amount: '9,000' };
    const built = structureBody(vA, year, [drafts[0]!, bus], { kind: 'perDay', amount: '10', cap: '500' });
    expect(built).toEqual({
      body: {
        classId: vA,
        academicYear: year,
        heads: [
          { headId: tuition, frequency: 'quarterly', installments: [0, 1, 2, 3].map((n) => ({ id: quarter(n), dueDate: structure(vA, '').heads[0]!.installments[n]!.dueDate, amount: 1_250_000 })) },
          { headId: id(32), frequency: 'once', installments: [{ dueDate: `${year}-04-10`, amount: 900_000 }] },
        ],
        fineKind: 'perDay',
        fineAmount: 1_000,
        fineCap: 50_000,
      },
    });
    expect(structureBody(vA, year, [{ ...bus, amount: 'nine' }], { kind: 'none', amount: '', cap: '' })).toEqual({ problem: 'Transport: enter the amount of each installment in rupees.' });
  });
});

describe('/student/fees in Marathi', () => {
  afterEach(async () => {
    view?.unmount();
    view = undefined;
    await showLanguage('en', { remember: false });
  });

  it('shows a parent the dues, the states and the receipts in Marathi, with no English of its own left', async () => {
    await showLanguage('mr', { remember: false });
    const engine = await harness.engine('PARENT', { storage: {} });
    await seedSchool(engine);
    await engine.db.tableOf(studentsTable).bulkDelete([ravi, meena]);
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/student/fees', <StudentFeesPage />, `/student/fees?studentId=${asha}`);
    await until(() => view!.container.querySelector('.fee-summary') !== null, 'the summary');
    // The page itself (toasts of earlier tests may still be fading out beside it).
    const page = view!.container.querySelector('main')?.textContent ?? '';
    expect(page).toContain('शुल्क');
    expect(page).toContain(`10/07/${year} पासून थकीत: ₹25,000.00`);
    expect(page).toContain('या वर्षी थकीत: ₹37,500.00 (₹25,000.00 मुदत संपलेले, ₹12,500.00 अजून देय नाही)');
    expect(page).toContain('थकबाकी');
    expect(page).toContain('भरलेल्या पावत्या');
    const states = Array.from(view!.container.querySelectorAll('[aria-labelledby="fee-family-dues"] tbody tr')).map((row) => row.querySelector('[data-label="स्थिती"]')?.textContent);
    expect(states).toEqual(['भरले', 'मुदत संपली', 'मुदत संपली', 'अजून देय नाही']);
    expect(labelled(`पावती ${receipt(1, {}).receiptNumber!} उघडा`)?.getAttribute('href')).toBe(`/student/fees/details/${id(101)}`);
    // What the school typed (the child, the fee head and its installments, the receipt's number) stays as typed; nothing else is English.
    const ownWords = page.replace('Asha Rao', '').replace(/Tuition Quarter \d/g, '').replace(receipt(1, {}).receiptNumber!, '');
    expect(ownWords.match(/[A-Za-z]{2,}/g)).toBeNull();

    // Switching back re-renders the same page in English, the installments' states with it.
    await act(() => showLanguage('en', { remember: false }));
    expect(view!.container.querySelector('main')?.textContent).toContain(text.family.receiptsHeading);
    expect(view!.container.querySelector(`[data-label="${text.columns.state}"]`)?.textContent).toBe(text.installmentStates.paid);
  });
});
