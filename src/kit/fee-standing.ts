/**
 * How a student's fees stand, in words: what is owed now and since when (fine apart), or else the
 * next due date, and the year's outstanding split into owed now and not yet due. The figures are
 * contract/fee-dues.ts `duesStanding`; the family's fee screen, the family dashboard and the
 * office's screens say them the same way, so here, below the features.
 */
import { duesStanding, type DuesStanding } from '../../contract/fee-dues';
import type { StudentDues } from '../../contract/fees';
import { formatRupees } from '../../contract/money';
import { shortDate } from '../ui/dates';

export const feeStandingTexts = {
  overdueSince: (date: string, owed: string) => `Overdue since ${date}: ${owed}`,
  dueToday: (date: string, owed: string) => `Due today, ${date}: ${owed}`,
  fine: (amount: string) => `${amount} fine`,
  nextDue: (date: string, amount: string) => `Nothing overdue. Next due on ${date}: ${amount}`,
  allPaid: 'All fees of this year are paid.',
  split: (total: string, overdue: string, notYetDue: string) => `Outstanding this year: ${total} (${overdue} overdue, ${notYetDue} not yet due)`,
  allOverdue: (total: string) => `Outstanding this year: ${total}, all of it overdue`,
  noneDueYet: (total: string) => `Outstanding this year: ${total}, none of it due yet`,
};

const text = feeStandingTexts;

/** "₹5,500.00 + ₹360.00 fine", "₹5,500.00", or "₹360.00 fine" for a fine alone. */
export function owedWords(standing: Pick<DuesStanding, 'owedAmount' | 'owedFine'>): string {
  const parts = [standing.owedAmount > 0 ? formatRupees(standing.owedAmount) : '', standing.owedFine > 0 ? text.fine(formatRupees(standing.owedFine)) : ''];
  return parts.filter(Boolean).join(' + ');
}

/** The one line that says what is owed now: "Overdue since 10/10/2026: ₹5,500.00 + ₹360.00 fine". */
export function owedNowLine(standing: DuesStanding, today: string): string {
  if (standing.owedSince) {
    const date = shortDate(standing.owedSince) ?? standing.owedSince;
    return standing.owedSince === today ? text.dueToday(date, owedWords(standing)) : text.overdueSince(date, owedWords(standing));
  }
  if (standing.next) return text.nextDue(shortDate(standing.next.dueDate) ?? standing.next.dueDate, formatRupees(standing.next.amount));
  return text.allPaid;
}

/** The year's outstanding, split into overdue and not yet due; null when nothing is outstanding. */
export function yearSplitLine(standing: DuesStanding): string | null {
  const overdue = standing.owedAmount + standing.owedFine;
  const total = overdue + standing.notYetDue;
  if (total === 0) return null;
  if (standing.notYetDue === 0) return text.allOverdue(formatRupees(total));
  if (overdue === 0) return text.noneDueYet(formatRupees(total));
  return text.split(formatRupees(total), formatRupees(overdue), formatRupees(standing.notYetDue));
}

/** Both lines for a student's dues as of `today`. */
export function standingLines(dues: Pick<StudentDues, 'installments'>, today: string): { owedNow: string; year: string | null; owing: boolean; standing: DuesStanding } {
  const standing = duesStanding(dues, today);
  return { owedNow: owedNowLine(standing, today), year: yearSplitLine(standing), owing: standing.owedSince !== null, standing };
}
