/**
 * The fee screens over a real engine (fake-indexeddb, offline): /admin/addfee finds a student in
 * the device's copy, shows the dues, refuses a UPI payment without its reference and writes the
 * payment to the outbox as a Pending receipt in paise; the receipt prints from the device with the
 * amount in words; /admin/fee lists the register (Pending first), the day's collection by mode and
 * the defaulters of a class; /student/fees shows a parent's child's next due and receipts.
 */
import './reset-storage';
import { describe, expect, it } from 'vitest';
import { academicYearOf } from '../../../contract/admission';
import type { FeeStructure } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import type { SyncEngine } from '../../../sync';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../../../sync/modules/fees';
import CollectFeePage from '../../../src/features/fees/CollectFeePage';
import FeeRegisterPage from '../../../src/features/fees/FeeRegisterPage';
import ReceiptPage from '../../../src/features/fees/ReceiptPage';
import StudentFeesPage from '../../../src/features/fees/StudentFeesPage';
import { collectionByMode, todayIso } from '../../../src/features/fees/queries';
import { feePayeeKey } from '../../../src/features/fees/receipt-payee';
import { upiQrDataUrl } from '../../../src/features/fees/UpiQr';
import { draftsOf, structureBody, usualDueDates, withFrequency } from '../../../src/features/fees/structure-drafts';
import { feeTexts as text } from '../../../src/features/fees/texts';
import { recordsKitTexts } from '../../../src/kit/texts';
import { AppToaster } from '../../../src/ui/AppToaster';
import { byLabel, click, renderRoute, submit, type, type Rendered } from './dom';
import { screenHarness, until } from './records-harness';
import { feeMessages } from '../../../contract/fees';

let view: Rendered | undefined;
const harness = screenHarness('fees');

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, vB] = [id(1), id(2)];
const [asha, ravi, meena] = [id(21), id(22), id(23)];
const tuition = id(31);
const today = todayIso();
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
  receivedBy: 'admin@kaksha.demo',
  createdAt: '2026-04-05T05:00:00.000Z',
  rev: 5,
  ...fields,
});

async function seedSchool(engine: SyncEngine) {
  await engine.db.classes.bulkPut([
    { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
    { id: vB, className: 'V', classSection: 'B', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.students.bulkPut([
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

    // The first quarter is paid; the three left are offered, those already due ticked.
    const rows = Array.from(view!.container.querySelectorAll('.fee-table tbody tr'));
    expect(rows.map((row) => row.textContent?.includes('Tuition Quarter 1'))).toEqual([false, false, false]);
    expect(rows).toHaveLength(3);
    const q2 = labelled(text.collect.payThis('Tuition Quarter 2')) as HTMLInputElement;
    expect(q2.checked).toBe(today >= `${year}-07-10`);
    if (!q2.checked) await click(q2);
    const q3 = labelled(text.collect.payThis('Tuition Quarter 3')) as HTMLInputElement;
    if (q3.checked) await click(q3);
    const q4 = labelled(text.collect.payThis('Tuition Quarter 4')) as HTMLInputElement;
    if (q4.checked) await click(q4);
    await type(labelled(text.collect.amountLabel('Tuition Quarter 2')) as HTMLInputElement, '5,000.50');
    await type(byLabel<HTMLSelectElement>(view!.container, text.collect.mode), 'upi');
    await submit(view!.container.querySelector('form')!);
    expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe(feeMessages.referenceNeeded);
    expect(await engine.db.outbox.count()).toBe(0);

    await type(byLabel(view!.container, text.collect.reference.upi), 'UPI-4512');
    expect(view!.container.querySelector('.fee-total')?.textContent).toBe(text.collect.total('₹5,000.50'));
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await engine.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'feeReceipts.create', method: 'POST', body: { studentId: asha, mode: 'upi', reference: 'UPI-4512', items: [{ installmentId: quarter(1), amount: 500_050 }], fine: 0 } });
    const saved = await engine.db.tableOf(feeReceiptsTable).get((entry!.body as { id: string }).id);
    expect(saved).toMatchObject({ receiptNumber: null, total: 500_050, studentName: 'Asha Rao', className: 'V A' });
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
    await click(view!.container.querySelector<HTMLInputElement>('input[name="fee-layout"][value="thermal"]')!);
    expect(view!.container.querySelector('.fee-receipt')!.classList.contains('fee-receipt-thermal')).toBe(true);
    expect(view!.container.querySelector('.fee-upi')).toBeNull();
  });

  it('prints a UPI QR code for the balance when the school has set its UPI id, and none when nothing is left to pay', async () => {
    const engine = await harness.engine('ADMIN', { storage: { schoolName: 'Green Valley School' } });
    await seedSchool(engine);
    await engine.db.meta.put({ key: feePayeeKey, value: { upiId: 'greenvalley@sbi', payeeName: null } });
    const paid = receipt(1, {});
    await engine.db.tableOf(feeReceiptsTable).put(paid);
    await show('/admin/fees/details/:receiptId', <ReceiptPage area="admin" />, `/admin/fees/details/${paid.id}`);
    await until(() => view!.container.querySelector('.fee-upi-qr') !== null, 'the UPI QR code');
    // Three quarters of ₹12,500 left; no payee name set, so the school's name (the header's) is the payee.
    const link = `upi://pay?pa=greenvalley%40sbi&pn=Green%20Valley%20Public%20School&am=37500.00&cu=INR&tn=${encodeURIComponent(`Fees Asha Rao after ${paid.receiptNumber}`)}`;
    const qr = view!.container.querySelector<HTMLImageElement>('.fee-upi-qr')!;
    expect(view!.container.querySelector('.fee-upi figcaption')?.textContent).toBe(text.receipt.upiLabel('₹37,500.00', 'greenvalley@sbi'));
    expect(qr.alt).toBe(text.receipt.upiQrAlt('₹37,500.00'));
    expect(qr.getAttribute('src')).toBe(await upiQrDataUrl(link));

    // Every quarter paid: no balance, no QR code.
    await engine.db.tableOf(feeReceiptsTable).put(
      receipt(2, {
        total: 3_750_000,
        items: [1, 2, 3].map((n) => ({ installmentId: quarter(n), headId: tuition, headName: 'Tuition', label: `Quarter ${n + 1}`, dueDate: `${year}-07-10`, amount: 1_250_000 })),
      }),
    );
    await until(() => view!.container.querySelector('.fee-upi') === null, 'the QR code gone with the balance');
    expect(view!.container.querySelector('.fee-receipt')!.textContent).toContain('₹0.00');

    // No UPI id on the device: no QR code even with a balance.
    await engine.db.tableOf(feeReceiptsTable).delete(receipt(2, {}).id);
    await until(() => view!.container.querySelector('.fee-upi-qr') !== null, 'the QR code back with the balance');
    await engine.db.meta.delete(feePayeeKey);
    await until(() => view!.container.querySelector('.fee-upi') === null, 'no QR code without a UPI id');
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
    expect(collectionByMode(await engine.db.tableOf(feeReceiptsTable).toArray(), today)).toEqual([
      { mode: 'cash', count: 2, total: 2_500_000 },
      { mode: 'upi', count: 1, total: 300_000 },
      { mode: 'cheque', count: 0, total: 0 },
      { mode: 'bankTransfer', count: 0, total: 0 },
    ]);

    await type(byLabel<HTMLSelectElement>(view!.container, text.defaulters.chooseClass), vA);
    const table = Array.from(view!.container.querySelectorAll('table')).find((one) => one.querySelector('caption')?.textContent === text.defaulters.caption('V A'));
    expect(table).toBeDefined();
    const names = Array.from(table!.querySelectorAll('tbody tr')).map((row) => row.textContent ?? '');
    // Ravi paid nothing towards his quarters; Asha paid the first.
    if (today >= `${year}-07-10`) expect(names[0]).toContain('Ravi Kumar');
  });
});

describe('/student/fees', () => {
  it('shows a parent the chosen child’s next due and paid receipts from the device', async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seedSchool(engine);
    await engine.db.students.delete(ravi);
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, {}));
    await show('/student/fees', <StudentFeesPage />, `/student/fees?studentId=${asha}`);
    await until(() => view!.container.querySelector('.fee-summary') !== null, 'the summary');
    const summary = view!.container.querySelector('.fee-summary')!.textContent ?? '';
    expect(summary).toContain('Asha Rao');
    expect(summary).toContain(text.family.nextDue(`10/07/${year}`, '₹12,500.00'));
    expect(summary).toContain(text.family.outstanding('₹37,500.00'));
    const link = labelled(text.family.open(receipt(1, {}).receiptNumber!));
    expect(link?.getAttribute('href')).toBe(`/student/fees/details/${id(101)}`);
    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseChild), meena);
    await until(() => (view!.container.querySelector('.fee-summary')?.textContent ?? '').includes('Meena Das'), 'the other child');
    expect(view!.container.textContent).toContain(text.family.noReceipts);
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
    expect((await engine.db.outbox.toArray())[0]).toMatchObject({ kind: 'feeHeads.create', body: { name: 'Laboratory' } });
    await until(() => (view!.container.querySelector('#fee-setup')?.parentElement?.textContent ?? '').includes('Laboratory'), 'the new head');

    await type(byLabel<HTMLSelectElement>(view!.container, text.setup.chooseClass), vA);
    await until(() => view!.container.querySelector('.fee-structure-form') !== null, 'the structure form');
    expect(byLabel<HTMLInputElement>(view!.container, text.setup.amount('Tuition')).value).toBe('12500');
    expect(byLabel<HTMLInputElement>(view!.container, text.setup.dueDate('Tuition', 4)).value).toBe(`${year + 1}-01-10`);
    // Offline (the harness's engine), the school cannot save it, nor the receipt settings.
    expect(view!.container.querySelector<HTMLButtonElement>('.fee-structure-form button[type="submit"]')!.disabled).toBe(true);
    // A concession, through the outbox.
    const concession = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.concessions.add}"]`)!;
    await type(byLabel<HTMLSelectElement>(concession, text.concessions.student), asha);
    await click(Array.from(concession.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Tuition')!.querySelector('input')!);
    await type(byLabel(concession, text.concessions.percent), '10');
    await submit(concession);
    await until(async () => (await engine.db.outbox.count()) === 2, 'the concession in the outbox');
    expect((await engine.db.outbox.toArray())[1]).toMatchObject({ kind: 'feeConcessions.create', body: { studentId: asha, academicYear: year, kind: 'sibling', headIds: [tuition], percent: 10, amount: null } });
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
    await until(() => labelled(text.setup.rename('Tuition')) !== null, 'the heads');

    await click(labelled(text.setup.rename('Tuition'))!);
    const renaming = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.setup.rename('Tuition')}"]`)!;
    expect(byLabel<HTMLInputElement>(renaming, text.setup.newName('Tuition')).value).toBe('Tuition');
    await type(byLabel(renaming, text.setup.newName('Tuition')), '  ');
    await submit(renaming);
    expect(renaming.querySelector('[role="alert"]')?.textContent).toBe(messages.records.fields.required(text.columns.head));
    await type(byLabel(renaming, text.setup.newName('Tuition')), 'Tuition and library');
    await submit(renaming);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the new name in the outbox');
    expect((await engine.db.outbox.toArray())[0]).toMatchObject({ kind: 'feeHeads.update', method: 'PUT', body: { id: tuition, name: 'Tuition and library', description: null, baseRev: 1 } });
    await until(() => labelled(text.setup.rename('Tuition and library')) !== null, 'the head renamed on the device');
    expect((await engine.db.tableOf(feeHeadsTable).get(tuition))?.name).toBe('Tuition and library');

    await type(byLabel<HTMLSelectElement>(view!.container, text.setup.chooseClass), vA);
    await until(() => labelled(text.concessions.edit('Asha Rao')) !== null, 'the concession listed');
    await click(labelled(text.concessions.edit('Asha Rao'))!);
    const editing = view!.container.querySelector<HTMLFormElement>(`form[aria-label="${text.concessions.editing('Asha Rao')}"]`)!;
    expect(byLabel<HTMLSelectElement>(editing, text.concessions.student).value).toBe(asha);
    expect(byLabel<HTMLInputElement>(editing, text.concessions.percent).value).toBe('10');
    expect(byLabel<HTMLInputElement>(editing, text.concessions.reason).value).toBe('Sister in VI');
    expect(Array.from(editing.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Tuition and library')!.querySelector('input')!.checked).toBe(true);
    await type(byLabel(editing, text.concessions.percent), '25');
    await submit(editing);
    await until(async () => (await engine.db.outbox.count()) === 2, 'the changed concession in the outbox');
    expect((await engine.db.outbox.toArray())[1]).toMatchObject({
      kind: 'feeConcessions.update',
      method: 'PUT',
      body: { id: id(90), studentId: asha, academicYear: year, kind: 'sibling', headIds: [tuition], percent: 25, amount: null, reason: 'Sister in VI', baseRev: 3 },
    });
    await until(() => (view!.container.querySelector('[aria-labelledby="fee-concessions"]')?.textContent ?? '').includes('Asha Rao · Sibling · 25%'), 'the concession changed in place');
    expect(await engine.db.tableOf(feeConcessionsTable).count()).toBe(1);
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
