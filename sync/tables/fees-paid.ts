/**
 * What each student's receipts paid, by fee year (sync/tally-table.ts): what the admin dashboard's
 * fees' standing reads instead of every receipt of the school. One row per student and fee year
 * (`receiptFeeYear`, contract/fee-dues.ts) with, over its paid receipts, the amount paid towards
 * each installment on each day and the fines paid or waived: all the year's dues need of its
 * receipts (`computeDues` orders them by day, and an installment is cleared on the first day its
 * payments reach what it asks). The store keeps it in step with the receipts (sync/tally-keeper.ts);
 * the first version fills it from a device's receipts.
 */
import { receiptFeeYear, type DuesSources } from '../../contract/fee-dues';
import { tallyTable, type TallyRow, type TallySums } from '../tally-table';
import { feeReceiptsTable, type FeeReceiptRow } from './fees';

/**
 * The fee year of a paid receipt whose items have no due date (made offline for an installment the
 * device did not know) is its class's structure's: the row cannot tell it, so such receipts are
 * kept under this year, and their students' dues read their receipts.
 */
export const feeYearUnknown = 0;

const settled = 'settled';

function feeYearOf(row: FeeReceiptRow): number {
  const unknown = row.status === 'paid' && row.items.length > 0 && !row.items.some((item) => item.dueDate);
  return unknown ? feeYearUnknown : receiptFeeYear(row);
}

const spec = tallyTable<FeeReceiptRow>()({
  name: 'feesPaid',
  source: feeReceiptsTable.name,
  indexes: { 8: '[feeYear+studentId]' },
  counts: ['receipts'],
  groupOf: (row) => ({ feeYear: feeYearOf(row), studentId: row.studentId }),
  countOf: () => 'receipts',
  sumsOf(row) {
    const sums: TallySums = {};
    if (row.status !== 'paid' || feeYearOf(row) === feeYearUnknown) return sums;
    if (row.fine + row.fineWaived !== 0) sums[settled] = row.fine + row.fineWaived;
    for (const item of row.items) {
      const name = `${item.installmentId} ${row.paidOn}`;
      sums[name] = (sums[name] ?? 0) + item.amount;
    }
    return sums;
  },
});

/** One student's receipts of one fee year, as kept: how many, and what they paid (`sums`). */
export type FeesPaidRow = TallyRow<{ feeYear: number; studentId: string }, 'receipts'> & { sums: TallySums };

/** Read with `db.tally(feesPaidTable)`: its rows carry their sums (`row` is the rows' type only, never set). */
export const feesPaidTable = spec as typeof spec & { readonly row?: FeesPaidRow };

/**
 * Receipts that pay what a kept row says was paid: one per installment and day, and the fines
 * alone. The year's dues from them equal the dues from the receipts the row counts.
 */
export function receiptsOfPaid(row: FeesPaidRow): DuesSources['receipts'] {
  const yearStart = `${row.feeYear}-04-01`;
  return Object.entries(row.sums).map(([name, amount]) => {
    if (name === settled) return { studentId: row.studentId, status: 'paid', paidOn: yearStart, items: [], fine: amount, fineWaived: 0 };
    const [installmentId = '', paidOn = yearStart] = name.split(' ');
    return { studentId: row.studentId, status: 'paid', paidOn, items: [{ installmentId, amount, dueDate: yearStart, headId: '', headName: '', label: '' }], fine: 0, fineWaived: 0 };
  });
}
