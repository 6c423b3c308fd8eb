import { describe, expect, it } from 'vitest';
import { balanceAfter, balanceAsOf, computeDues, fineOf, fineRemovedByDate, lateWorkingDays, receiptFeeYear, type DuesSources } from '../../contract/fee-dues';
import { earliestPaymentDate, type FeeConcession, type FeeReceipt, type FeeStructure } from '../../contract/fees';

const structure = (fine: Pick<FeeStructure, 'fineKind' | 'fineAmount' | 'fineCap'>): FeeStructure => ({
  id: 's',
  classId: 'c',
  academicYear: 2026,
  heads: [
    { headId: 'tuition', frequency: 'termly', installments: [{ id: 't1', label: 'Term 1', dueDate: '2026-06-10', amount: 1_000_000 }, { id: 't2', label: 'Term 2', dueDate: '2026-11-10', amount: 1_000_000 }] },
    { headId: 'bus', frequency: 'once', installments: [{ id: 'b1', label: 'Annual', dueDate: '2026-06-10', amount: 333_333 }] },
  ],
  ...fine,
  rev: 1,
});
const headNames = new Map([
  ['tuition', 'Tuition'],
  ['bus', 'Transport'],
]);
const paid = (paidOn: string, items: [string, number][], extra: Partial<FeeReceipt> = {}) => ({
  studentId: 'a',
  status: 'paid' as const,
  paidOn,
  items: items.map(([installmentId, amount]) => ({ installmentId, headId: '', headName: '', label: '', dueDate: '', amount })),
  fine: 0,
  fineWaived: 0,
  ...extra,
});
const concession = (fields: Partial<FeeConcession>): FeeConcession => ({ id: 'k', studentId: 'a', academicYear: 2026, kind: 'sibling', headIds: ['tuition'], percent: null, amount: null, reason: null, rev: 1, ...fields });

describe('dues', () => {
  it('counts late working days without Sundays', () => {
    expect(lateWorkingDays('2026-11-20', '2026-11-20')).toBe(0);
    // Saturday 21st to Friday 27th: six days, Sunday the 22nd out.
    expect(lateWorkingDays('2026-11-20', '2026-11-27')).toBe(6);
    expect(lateWorkingDays('2026-11-20', '2026-12-04')).toBe(12);
    expect(lateWorkingDays('2026-11-20', '2026-11-01')).toBe(0);
  });

  it('takes concessions off each installment, rounded to the paisa, never below zero', () => {
    const dues = computeDues({
      studentId: 'a',
      academicYear: 2026,
      structure: structure({ fineKind: 'none', fineAmount: 0, fineCap: null }),
      headNames,
      concessions: [concession({ percent: 15 }), concession({ id: 'k2', headIds: ['bus'], percent: 33 }), concession({ id: 'k3', headIds: ['bus'], amount: 400_000 })],
      receipts: [],
      today: '2026-05-01',
    });
    expect(dues.installments.map((line) => [line.installmentId, line.concession, line.outstanding])).toEqual([
      ['b1', 333_333, 0],
      ['t1', 150_000, 850_000],
      ['t2', 150_000, 850_000],
    ]);
    expect(dues).toMatchObject({ totalOutstanding: 1_700_000, overdue: 0, nextDue: { dueDate: '2026-06-10', amount: 850_000 } });
  });

  it('runs a flat fine once late, a per-day fine up to its cap, stops it when paid, and ignores cancelled receipts', () => {
    const flat = computeDues({
      studentId: 'a',
      academicYear: 2026,
      structure: structure({ fineKind: 'flat', fineAmount: 50_000, fineCap: null }),
      headNames,
      concessions: [],
      receipts: [paid('2026-06-09', [['t1', 1_000_000], ['b1', 333_333]]), paid('2026-11-12', [['t2', 1_000_000]], { status: 'cancelled' })],
      today: '2026-11-26',
    });
    expect(flat.installments.find((line) => line.installmentId === 't2')).toMatchObject({ paid: 0, fine: 50_000, outstanding: 1_050_000 });
    expect(flat.totalOutstanding).toBe(1_050_000);

    const perDay = computeDues({
      studentId: 'a',
      academicYear: 2026,
      structure: structure({ fineKind: 'perDay', fineAmount: 1_000, fineCap: 10_000 }),
      headNames,
      concessions: [],
      // Term 1 cleared three working days late (11th to 13th June); the bus fee never paid.
      receipts: [paid('2026-06-11', [['t1', 400_000]]), paid('2026-06-13', [['t1', 600_000]], { fine: 1_000, fineWaived: 1_000 })],
      today: '2026-11-26',
    });
    const line = (id: string) => perDay.installments.find((one) => one.installmentId === id);
    // The 2,000 settled goes to the oldest fines first: b1 (the same due date, first by id) takes it.
    expect(line('b1')).toMatchObject({ paid: 0, fine: 8_000, outstanding: 333_333 + 8_000 });
    expect(line('t1')).toMatchObject({ paid: 1_000_000, fine: 3_000, outstanding: 3_000 });
    expect(line('t2')).toMatchObject({ fine: 10_000, outstanding: 1_010_000 });
  });

  it('answers no installments without a structure', () => {
    expect(computeDues({ studentId: 'a', academicYear: 2026, structure: undefined, headNames, concessions: [], receipts: [], today: '2026-11-26' })).toEqual({
      studentId: 'a',
      academicYear: 2026,
      installments: [],
      totalOutstanding: 0,
      overdue: 0,
      nextDue: null,
    });
  });
});

describe('late days and holidays', () => {
  it('leaves the school’s holidays out of the late days (a class’s own holidays for that class only)', async () => {
    const { holidayLateDays } = await import('../../contract/fee-dues');
    const diwali = { kind: 'holiday', startDate: '2026-11-07', endDate: '2026-11-11', audience: { kind: 'school', classIds: [] } };
    const trip = { kind: 'holiday', startDate: '2026-11-12', endDate: '2026-11-12', audience: { kind: 'classes', classIds: ['v-a'] } };
    const exam = { kind: 'exam', startDate: '2026-11-13', endDate: '2026-11-13', audience: { kind: 'school', classIds: [] } };
    // 6th to 14th November: 8 days after the 6th, less Sunday the 8th = 7; Diwali takes 7th, 9th, 10th, 11th.
    expect(lateWorkingDays('2026-11-06', '2026-11-14')).toBe(7);
    expect(holidayLateDays([diwali, trip, exam], 2026)('2026-11-06', '2026-11-14')).toBe(3);
    expect(holidayLateDays([diwali, trip, exam], 2026, 'v-a')('2026-11-06', '2026-11-14')).toBe(2);
  });
});

describe('a year’s receipts', () => {
  const perDay = structure({ fineKind: 'perDay', fineAmount: 1_000, fineCap: 10_000 });
  const dated = (paidOn: string, dueDate: string, extra: Partial<FeeReceipt> = {}) => ({
    ...paid(paidOn, []),
    items: [{ installmentId: 'x1', headId: 'tuition', headName: 'Tuition', label: 'Annual', dueDate, amount: 100_000 }],
    ...extra,
  });

  it('tells a receipt’s year by its installments’ due dates, else the structure’s, else (a fine alone) its payment date', () => {
    expect(receiptFeeYear(dated('2026-04-20', '2025-06-10'))).toBe(2025);
    expect(receiptFeeYear(paid('2027-04-02', [['t1', 1]]), perDay)).toBe(2026);
    expect(receiptFeeYear(paid('2026-03-31', []))).toBe(2025);
    expect(receiptFeeYear(paid('2026-04-01', []))).toBe(2026);
  });

  it('never lets a fine paid for another year settle this year’s fines', () => {
    const sources = (receipts: DuesSources['receipts']): DuesSources => ({ studentId: 'a', academicYear: 2026, structure: perDay, headNames, concessions: [], receipts, today: '2026-11-26' });
    // Nothing of 2026-27 paid on 26/11/2026: every installment's fine at the ₹100 cap.
    expect(fineOf(computeDues(sources([])))).toBe(30_000);
    // Last year's installment with its ₹50 fine, paid in March 2026 and in April 2026; a fine alone paid on 31 March (last year's).
    const lastYears = [dated('2026-03-20', '2025-06-10', { fine: 5_000 }), dated('2026-04-20', '2025-06-10', { fine: 5_000, fineWaived: 1_000 }), paid('2026-03-31', [], { fine: 2_000 })];
    expect(fineOf(computeDues(sources(lastYears)))).toBe(30_000);
    // A fine alone paid in this year settles this year's oldest fine.
    const withThisYears = computeDues(sources([...lastYears, paid('2026-04-02', [], { fine: 2_000 })]));
    expect(withThisYears.installments.map((line) => [line.installmentId, line.fine])).toEqual([
      ['b1', 8_000],
      ['t1', 10_000],
      ['t2', 10_000],
    ]);
  });
});

describe('a payment’s date and what a receipt keeps', () => {
  const perDay = structure({ fineKind: 'perDay', fineAmount: 1_000, fineCap: null });
  const sources = (receipts: DuesSources['receipts'] = []): DuesSources => ({ studentId: 'a', academicYear: 2026, structure: perDay, headNames, concessions: [], receipts, today: '2026-06-20' });

  it('takes as removed by an earlier date only the fine of what the payment clears', () => {
    const term1 = { studentId: 'a', paidOn: '2026-06-12', items: [{ installmentId: 't1', amount: 1_000_000 }], fine: 0, fineWaived: 0 };
    // Recorded on 20 June: term 1's fine to then is 9 working days (Sunday the 14th out); dated the 12th, 2.
    expect(fineRemovedByDate(sources(), term1, '2026-06-20')).toBe(7_000);
    // A part payment leaves the fine running: the date removes nothing.
    expect(fineRemovedByDate(sources(), { ...term1, items: [{ installmentId: 't1', amount: 500_000 }] }, '2026-06-20')).toBe(0);
    expect(fineRemovedByDate(sources(), { ...term1, paidOn: '2026-06-20' }, '2026-06-20')).toBe(0);
    // Only what this payment clears: the bus fee's fine from the 12th to the 20th; term 1, cleared on the 12th already, keeps its ₹20.
    expect(fineRemovedByDate(sources([paid('2026-06-12', [['t1', 1_000_000]])]), { ...term1, items: [{ installmentId: 'b1', amount: 333_333 }] }, '2026-06-20')).toBe(7_000);
  });

  it('works out the balance after a receipt as of its date: what fell due by then, and the rest of the year', () => {
    const none = structure({ fineKind: 'none', fineAmount: 0, fineCap: null });
    const base: DuesSources = { studentId: 'a', academicYear: 2026, structure: none, headNames, concessions: [], receipts: [], today: '2026-12-01' };
    const later = paid('2026-11-20', [['t2', 1_000_000]]);
    // Term 1 paid on 15 June (after its due date), the bus fee not: ₹3,333.33 due that day, the bus fee and term 2 left for the year.
    const june = { studentId: 'a', paidOn: '2026-06-15', items: [{ installmentId: 't1', amount: 1_000_000 }], fine: 0, fineWaived: 0 };
    expect(balanceAfter({ ...base, receipts: [later] }, june)).toEqual({ balanceDue: 333_333, yearBalance: 1_333_333 });
    // The same as stored receipts: a receipt dated later is not counted.
    expect(balanceAsOf({ ...base, receipts: [later, paid('2026-06-15', [['t1', 1_000_000]])] }, '2026-06-15')).toEqual({ balanceDue: 333_333, yearBalance: 1_333_333 });
  });

  it('dates a payment in the current or previous academic year, not before the school’s first year of fees', () => {
    expect(earliestPaymentDate('2026-11-25', 2020)).toBe('2025-04-01');
    expect(earliestPaymentDate('2026-11-25', 2026)).toBe('2026-04-01');
    expect(earliestPaymentDate('2026-03-31', 2024)).toBe('2024-04-01');
    // First fees next year: this year's payments are still taken (advance payments).
    expect(earliestPaymentDate('2027-02-15', 2027)).toBe('2026-04-01');
    expect(earliestPaymentDate('2026-11-25', null)).toBe('2025-04-01');
  });
});
