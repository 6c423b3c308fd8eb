/**
 * Published results counted by exam and class (sync/tally-table.ts): how many passed and failed,
 * and their percentages summed in hundredths (a result's percentage has two decimals, so the sum
 * is exact and taking a result away undoes it). What the admin dashboard's last exam reads instead
 * of every result of the exam with its subjects. The store keeps it in step with the results
 * (sync/tally-keeper.ts); the first version fills it from a device's results.
 */
import { tallyTable, type TallyRow, type TallySums } from '../tally-table';
import { resultsTable, type ResultRow } from './exams';

const percentHundredths = 'percentHundredths';

const spec = tallyTable<ResultRow>()({
  name: 'examClasses',
  source: resultsTable.name,
  indexes: { 9: '[examId+classId]' },
  counts: ['pass', 'fail'],
  groupOf: (row) => ({ examId: row.examId, classId: row.classId }),
  countOf: (row) => row.result,
  sumsOf: (row): TallySums => {
    const hundredths = Math.round(row.percentage * 100);
    return hundredths === 0 ? {} : { [percentHundredths]: hundredths };
  },
});

/** One class's results of one exam, as kept: passed, failed and the percentages' sum (`sums`). */
export type ExamClassRow = TallyRow<{ examId: string; classId: string }, 'pass' | 'fail'> & { sums: TallySums };

/** Read with `db.tally(examClassesTable)`: its rows carry their sums (`row` is the rows' type only, never set). */
export const examClassesTable = spec as typeof spec & { readonly row?: ExamClassRow };

/** The sum of a kept row's percentages, in hundredths. */
export function percentHundredthsOf(row: ExamClassRow): number {
  return row.sums[percentHundredths] ?? 0;
}
