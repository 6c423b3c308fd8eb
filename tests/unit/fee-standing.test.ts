/**
 * What the fee screens say a student owes: the figures of contract/fee-dues.ts `duesStanding` from
 * the shared calculator, and their words (src/kit/fee-standing.ts): owed now and since when with the
 * fine apart, or the next due date, and the year's outstanding split into overdue and not yet due.
 */
import { describe, expect, it } from 'vitest';
import { computeDues, duesStanding, type DuesSources } from '../../contract/fee-dues';
import type { FeeStructure } from '../../contract/fees';
import { owedNowLine, standingLines, yearSplitLine } from '../../src/kit/fee-standing';

// Tuition due 10 October (₹5,500) and 10 January (₹4,050); ₹20 a late working day, at most ₹360.
const structure: FeeStructure = {
  id: 's',
  classId: 'c',
  academicYear: 2026,
  heads: [
    {
      headId: 'tuition',
      frequency: 'termly',
      installments: [
        { id: 't2', label: 'Term 2', dueDate: '2026-10-10', amount: 550_000 },
        { id: 't3', label: 'Term 3', dueDate: '2027-01-10', amount: 405_000 },
      ],
    },
  ],
  fineKind: 'perDay',
  fineAmount: 2_000,
  fineCap: 36_000,
  rev: 1,
};

const paid = (paidOn: string, items: [string, number][], fine = 0) => ({
  studentId: 'a',
  status: 'paid' as const,
  paidOn,
  items: items.map(([installmentId, amount]) => ({ installmentId, headId: 'tuition', headName: 'Tuition', label: '', dueDate: '2026-10-10', amount })),
  fine,
  fineWaived: 0,
});

const duesOn = (today: string, receipts: DuesSources['receipts'] = []) =>
  computeDues({ studentId: 'a', academicYear: 2026, structure, headNames: new Map([['tuition', 'Tuition']]), concessions: [], receipts, today });

describe('what a student owes now', () => {
  it('says since when, with the fine apart, and splits the year into overdue and not yet due', () => {
    const dues = duesOn('2026-11-25');
    expect(duesStanding(dues, '2026-11-25')).toEqual({
      owedSince: '2026-10-10',
      owedAmount: 550_000,
      owedFine: 36_000,
      notYetDue: 405_000,
      next: { dueDate: '2027-01-10', amount: 405_000 },
    });
    const lines = standingLines(dues, '2026-11-25');
    expect(lines.owedNow).toBe('Overdue since 10/10/2026: ₹5,500.00 + ₹360.00 fine');
    expect(lines.year).toBe('Outstanding this year: ₹9,910.00 (₹5,860.00 overdue, ₹4,050.00 not yet due)');
    expect(lines.owing).toBe(true);
    // The split adds up to the calculator's own figures.
    expect(dues.overdue).toBe(586_000);
    expect(dues.totalOutstanding).toBe(991_000);
  });

  it('says "due today" on the due date itself, before any fine', () => {
    const standing = duesStanding(duesOn('2026-10-10'), '2026-10-10');
    expect(standing).toMatchObject({ owedSince: '2026-10-10', owedAmount: 550_000, owedFine: 0 });
    expect(owedNowLine(standing, '2026-10-10')).toBe('Due today, 10/10/2026: ₹5,500.00');
  });

  it('names the next due date only when nothing is owed now', () => {
    const early = duesOn('2026-09-01');
    expect(owedNowLine(duesStanding(early, '2026-09-01'), '2026-09-01')).toBe('Nothing overdue. Next due on 10/10/2026: ₹5,500.00');
    expect(yearSplitLine(duesStanding(early, '2026-09-01'))).toBe('Outstanding this year: ₹9,550.00, none of it due yet');

    const termPaid = duesOn('2026-11-25', [paid('2026-10-08', [['t2', 550_000]])]);
    const lines = standingLines(termPaid, '2026-11-25');
    expect(lines.owedNow).toBe('Nothing overdue. Next due on 10/01/2027: ₹4,050.00');
    expect(lines.year).toBe('Outstanding this year: ₹4,050.00, none of it due yet');
    expect(lines.owing).toBe(false);
  });

  it('counts a part payment, and a fine left alone of an installment paid late dates from that installment', () => {
    const part = duesStanding(duesOn('2026-11-25', [paid('2026-11-02', [['t2', 300_000]])]), '2026-11-25');
    // Still part unpaid on the 25th, so the fine ran on to its cap.
    expect(part).toMatchObject({ owedSince: '2026-10-10', owedAmount: 250_000, owedFine: 36_000 });
    expect(owedNowLine(part, '2026-11-25')).toBe('Overdue since 10/10/2026: ₹2,500.00 + ₹360.00 fine');

    // Paid on Tuesday the 13th: two late working days (Sunday the 11th is not one), ₹40 of fine not
    // paid with it; the next term is not due yet.
    const late = duesOn('2026-11-25', [paid('2026-10-13', [['t2', 550_000]])]);
    const standing = duesStanding(late, '2026-11-25');
    expect(standing).toMatchObject({ owedSince: '2026-10-10', owedAmount: 0, owedFine: 4_000, notYetDue: 405_000 });
    expect(owedNowLine(standing, '2026-11-25')).toBe('Overdue since 10/10/2026: ₹40.00 fine');
    expect(yearSplitLine(standing)).toBe('Outstanding this year: ₹4,090.00 (₹40.00 overdue, ₹4,050.00 not yet due)');
  });

  it('says everything is paid, with no split, when nothing is left', () => {
    const all = duesOn('2027-02-01', [paid('2026-10-08', [['t2', 550_000]]), paid('2027-01-05', [['t3', 405_000]])]);
    const lines = standingLines(all, '2027-02-01');
    expect(lines.owedNow).toBe('All fees of this year are paid.');
    expect(lines.year).toBeNull();
  });

  it('says all of it is overdue when nothing is still to come', () => {
    const standing = duesStanding(duesOn('2027-02-01', [paid('2026-10-08', [['t2', 550_000]])]), '2027-02-01');
    expect(owedNowLine(standing, '2027-02-01')).toBe('Overdue since 10/01/2027: ₹4,050.00 + ₹360.00 fine');
    expect(yearSplitLine(standing)).toBe('Outstanding this year: ₹4,410.00, all of it overdue');
  });
});
