/**
 * How a student's fees stand, in words: what is owed now and since when (fine apart), or else the
 * next due date, and the year's outstanding split into owed now and not yet due. The figures are
 * contract/fee-dues.ts `duesStanding`; the family's fee screen, the family dashboard and the
 * office's screens say them the same way, so here, below the features.
 */
import { duesStanding, type DuesStanding } from '../../contract/fee-dues';
import type { StudentDues } from '../../contract/fees';
import { formatRupees } from '../../contract/money';
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishFees } from '../i18n/locales/en/fees.po';
import { t } from '../i18n/translate';
import { shortDate } from '../ui/dates';

// The words are the fee screens' (the `fees` catalog): its English comes with whichever screen says a standing.
loadEnglish(englishFees);

const text = t.fees.standing;

/** "₹5,500.00 + ₹360.00 fine", "₹5,500.00", or "₹360.00 fine" for a fine alone. */
export function owedWords(standing: Pick<DuesStanding, 'owedAmount' | 'owedFine'>): string {
  const parts = [standing.owedAmount > 0 ? formatRupees(standing.owedAmount) : '', standing.owedFine > 0 ? text.fine({ amount: formatRupees(standing.owedFine) }) : ''];
  return parts.filter(Boolean).join(' + ');
}

/** The one line that says what is owed now: "Overdue since 10/10/2026: ₹5,500.00 + ₹360.00 fine". */
export function owedNowLine(standing: DuesStanding, today: string): string {
  if (standing.owedSince) {
    const date = shortDate(standing.owedSince) ?? standing.owedSince;
    return standing.owedSince === today ? text.dueToday({ date, owed: owedWords(standing) }) : text.overdueSince({ date, owed: owedWords(standing) });
  }
  if (standing.next) return text.nextDue({ date: shortDate(standing.next.dueDate) ?? standing.next.dueDate, amount: formatRupees(standing.next.amount) });
  return text.allPaid;
}

/** The year's outstanding, split into overdue and not yet due; null when nothing is outstanding. */
export function yearSplitLine(standing: DuesStanding): string | null {
  const overdue = standing.owedAmount + standing.owedFine;
  const total = overdue + standing.notYetDue;
  if (total === 0) return null;
  if (standing.notYetDue === 0) return text.allOverdue({ total: formatRupees(total) });
  if (overdue === 0) return text.noneDueYet({ total: formatRupees(total) });
  return text.split({ total: formatRupees(total), overdue: formatRupees(overdue), notYetDue: formatRupees(standing.notYetDue) });
}

/** Both lines for a student's dues as of `today`. */
export function standingLines(dues: Pick<StudentDues, 'installments'>, today: string): { owedNow: string; year: string | null; owing: boolean; standing: DuesStanding } {
  const standing = duesStanding(dues, today);
  return { owedNow: owedNowLine(standing, today), year: yearSplitLine(standing), owing: standing.owedSince !== null, standing };
}
