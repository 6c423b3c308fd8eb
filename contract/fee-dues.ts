/**
 * A student's dues, computed the same way on the server (GET /api/fees/dues) and on a device from
 * its mirror (the family's fee view offline): per installment of the class's structure, the amount
 * less concessions less what receipts paid, plus the late fine to date. Integer paise throughout.
 *
 * Rules (docs/decisions.md "Fees"):
 * - a percentage concession takes round(amount × percent / 100) off each installment of its heads,
 *   an amount concession that many paise off each; together never more than the installment;
 * - a late fine runs from the day after the due date until the installment is paid in full (the
 *   payment date of the receipt that cleared it) or today, counting late working days
 *   (contract/working-days.ts: Monday to Saturday less the school's holidays, `holidayLateDays`);
 *   perDay is fineAmount per late day, flat is fineAmount once late; either at most fineCap;
 * - fines paid or waived on receipts settle the accrued fines oldest due date first;
 * - cancelled receipts count for nothing;
 * - a year's figures count that year's receipts only (`receiptFeeYear`): a fine paid in one year
 *   never settles another year's fines.
 */
import { academicYearOf } from './academic-year';
import type { FeeConcession, FeeReceipt, FeeStructure, InstallmentDue, StudentDues } from './fees';
import { holidayDates, isSunday, type CalendarEntry } from './working-days';

type DuesReceipt = Pick<FeeReceipt, 'studentId' | 'status' | 'paidOn' | 'items' | 'fine' | 'fineWaived'>;

export interface DuesSources {
  studentId: string;
  academicYear: number;
  structure: FeeStructure | undefined;
  headNames: ReadonlyMap<string, string>;
  concessions: readonly FeeConcession[];
  receipts: readonly DuesReceipt[];
  /** YYYY-MM-DD. */
  today: string;
  lateDays?: (dueDate: string, until: string) => number;
}

const dayMs = 86_400_000;

/** The days after `dueDate` up to and including `until` that are not Sundays. */
export function lateWorkingDays(dueDate: string, until: string): number {
  const start = Date.parse(`${dueDate}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  if (!(end > start)) return 0;
  const days = Math.round((end - start) / dayMs);
  const weeks = Math.floor(days / 7);
  let count = weeks * 6;
  // The remaining days after the whole weeks, one by one.
  for (let day = weeks * 7 + 1; day <= days; day += 1) {
    if (new Date(start + day * dayMs).getUTCDay() !== 0) count += 1;
  }
  return count;
}

/**
 * Late working days with the school's holidays left out as well (for a class: its own holidays too).
 * The holidays of the year are listed once, so a class's dues cost no calendar walk per installment.
 */
export function holidayLateDays(entries: readonly CalendarEntry[], academicYear: number, classId?: string): (dueDate: string, until: string) => number {
  const off = [...holidayDates(entries, `${academicYear}-04-01`, `${academicYear + 2}-03-31`, classId)].filter((date) => !isSunday(date)).sort();
  return (dueDate, until) => {
    const late = lateWorkingDays(dueDate, until);
    return late === 0 ? 0 : late - off.filter((date) => date > dueDate && date <= until).length;
  };
}

function concessionOn(amount: number, headId: string, concessions: readonly FeeConcession[]): number {
  let off = 0;
  for (const concession of concessions) {
    if (!concession.headIds.includes(headId)) continue;
    off += concession.percent !== null ? Math.round((amount * concession.percent) / 100) : (concession.amount ?? 0);
  }
  return Math.min(off, amount);
}

function fineFor(structure: FeeStructure, late: number): number {
  if (late <= 0 || structure.fineKind === 'none') return 0;
  const fine = structure.fineKind === 'perDay' ? structure.fineAmount * late : structure.fineAmount;
  return structure.fineCap === null ? fine : Math.min(fine, structure.fineCap);
}

/**
 * The academic year whose fees a receipt pays: its installments' year (a due date lies inside its
 * year, contract/fees.ts `dueOutsideYear`), else, for a fine alone, its payment date's. The
 * receipt's own `academicYear` is its number's series (the payment date's year), which differs
 * when last year's installment is paid after 31 March.
 */
export function receiptFeeYear(receipt: Pick<FeeReceipt, 'paidOn' | 'items'>, structure?: FeeStructure): number {
  const dueDate = receipt.items.find((item) => item.dueDate)?.dueDate;
  if (dueDate) return academicYearOf(dueDate);
  if (structure && receipt.items.some((item) => structure.heads.some((head) => head.installments.some((one) => one.id === item.installmentId)))) return structure.academicYear;
  return academicYearOf(receipt.paidOn);
}

export function computeDues(sources: DuesSources): StudentDues {
  const { studentId, academicYear, structure, headNames, today } = sources;
  const lateDays = sources.lateDays ?? lateWorkingDays;
  if (!structure) return { studentId, academicYear, installments: [], totalOutstanding: 0, overdue: 0, nextDue: null };
  const concessions = sources.concessions.filter((c) => c.studentId === studentId && c.academicYear === academicYear);
  const receipts = sources.receipts
    .filter((receipt) => receipt.studentId === studentId && receipt.status === 'paid' && receiptFeeYear(receipt, structure) === academicYear)
    .sort((a, b) => a.paidOn.localeCompare(b.paidOn));

  const rows = structure.heads
    .flatMap((head) => head.installments.map((installment) => ({ head, installment })))
    .sort((a, b) => a.installment.dueDate.localeCompare(b.installment.dueDate) || a.installment.id.localeCompare(b.installment.id));

  const lines = rows.map(({ head, installment }) => {
    const concession = concessionOn(installment.amount, head.headId, concessions);
    const net = installment.amount - concession;
    let paid = 0;
    let clearedOn: string | undefined;
    for (const receipt of receipts) {
      for (const item of receipt.items) {
        if (item.installmentId !== installment.id) continue;
        paid += item.amount;
        if (clearedOn === undefined && paid >= net) clearedOn = receipt.paidOn;
      }
    }
    if (net === 0) clearedOn = installment.dueDate;
    const until = clearedOn ?? today;
    const accrued = fineFor(structure, lateDays(installment.dueDate, until < today ? until : today));
    return { head, installment, concession, net, paid, accrued };
  });

  let settled = receipts.reduce((sum, receipt) => sum + receipt.fine + receipt.fineWaived, 0);
  const installments: InstallmentDue[] = lines.map((line) => {
    const taken = Math.min(settled, line.accrued);
    settled -= taken;
    const fine = line.accrued - taken;
    const outstanding = Math.max(line.net - line.paid, 0) + fine;
    return {
      installmentId: line.installment.id,
      headId: line.head.headId,
      head: headNames.get(line.head.headId) ?? '',
      label: line.installment.label,
      dueDate: line.installment.dueDate,
      amount: line.installment.amount,
      concession: line.concession,
      paid: line.paid,
      fine,
      outstanding,
    };
  });
  const totalOutstanding = installments.reduce((sum, line) => sum + line.outstanding, 0);
  const overdue = installments.filter((line) => line.dueDate <= today).reduce((sum, line) => sum + line.outstanding, 0);
  const firstOpen = installments.find((line) => line.outstanding > 0);
  const nextDue = firstOpen
    ? { dueDate: firstOpen.dueDate, amount: installments.filter((line) => line.dueDate === firstOpen.dueDate).reduce((sum, line) => sum + line.outstanding, 0) }
    : null;
  return { studentId, academicYear, installments, totalOutstanding, overdue, nextDue };
}

/** What is left of an installment's principal (no fine): the most a receipt may pay towards it. */
export function principalLeft(line: InstallmentDue): number {
  return line.amount - line.concession - line.paid;
}

/** The late fines of the year not yet paid or waived. */
export const fineOf = (dues: StudentDues): number => dues.installments.reduce((sum, line) => sum + line.fine, 0);

/** A payment not yet stored: what a receipt being issued pays. */
export interface PaymentDraft {
  studentId: string;
  paidOn: string;
  items: readonly { installmentId: string; amount: number }[];
  fine: number;
  fineWaived: number;
}

/** The draft as a paid receipt of the sources' year (its items' due dates from the structure). */
function asReceipt(sources: DuesSources, draft: PaymentDraft): DuesReceipt {
  const dueDates = new Map(sources.structure?.heads.flatMap((head) => head.installments.map((one) => [one.id, one.dueDate] as const)) ?? []);
  return {
    studentId: draft.studentId,
    status: 'paid',
    paidOn: draft.paidOn,
    fine: draft.fine,
    fineWaived: draft.fineWaived,
    items: draft.items.map((item) => ({ ...item, headId: '', headName: '', label: '', dueDate: dueDates.get(item.installmentId) ?? `${sources.academicYear}-04-01` })),
  };
}

/** The year's dues as of `today` with the draft added to the receipts. */
export function duesWith(sources: DuesSources, draft: PaymentDraft, today: string): StudentDues {
  return computeDues({ ...sources, receipts: [...sources.receipts, asReceipt(sources, draft)], today });
}

/**
 * The late fine a payment date before the day it was recorded removes: the fine of the year as of
 * the recording day with the payment dated that day, less the same with the payment dated as given
 * (an installment it clears stops its fine at the earlier date; one it leaves open runs on, so
 * nothing of that is removed). Such a fine is a waiver and needs its reason (docs/decisions.md "Fees").
 */
export function fineRemovedByDate(sources: DuesSources, draft: PaymentDraft, recordedOn: string): number {
  if (draft.paidOn >= recordedOn) return 0;
  const principal = { ...draft, fine: 0, fineWaived: 0 };
  const asRecorded = fineOf(duesWith(sources, { ...principal, paidOn: recordedOn }, recordedOn));
  const asDated = fineOf(duesWith(sources, principal, recordedOn));
  return Math.max(asRecorded - asDated, 0);
}

/** What a receipt prints, fixed when it is issued: the year's standing after it, as of its date. */
export interface ReceiptBalance {
  /** Fallen due by the payment date and still unpaid after it, fines to that date included. */
  balanceDue: number;
  /** Everything of that academic year still to pay after it, installments not yet due included. */
  yearBalance: number;
}

/**
 * The standing of the receipt's year after it, as of its date: the receipts of that year dated up
 * to that day (`receipts` already holding this one), the fines to that day.
 */
export function balanceAsOf(sources: DuesSources, paidOn: string): ReceiptBalance {
  const dues = computeDues({ ...sources, receipts: sources.receipts.filter((receipt) => receipt.paidOn <= paidOn), today: paidOn });
  return { balanceDue: dues.overdue, yearBalance: dues.totalOutstanding };
}

/** The standing after a draft not yet stored (the server, as it issues the receipt). */
export const balanceAfter = (sources: DuesSources, draft: PaymentDraft): ReceiptBalance =>
  balanceAsOf({ ...sources, receipts: [...sources.receipts, asReceipt(sources, draft)] }, draft.paidOn);

/**
 * What a student owes now and what comes later in the year, from the year's dues as of `today`
 * (the words the fee screens say come from it). Owed now is what the dues count as overdue: every
 * installment due by today, with its late fine.
 */
export interface DuesStanding {
  /** The earliest due date, today or before, of an installment not yet paid in full (null: nothing owed now). */
  owedSince: string | null;
  /** Of the installments due by today, the amounts still unpaid, fines not included. */
  owedAmount: number;
  /** The late fines to date not yet paid or waived. */
  owedFine: number;
  /** Of the installments due after today, what is still to pay. */
  notYetDue: number;
  /** The next due date after today with something to pay, and all that falls due that day. */
  next: { dueDate: string; amount: number } | null;
}

export function duesStanding(dues: Pick<StudentDues, 'installments'>, today: string): DuesStanding {
  const owed = dues.installments.filter((line) => line.dueDate <= today && line.outstanding > 0);
  const later = dues.installments.filter((line) => line.dueDate > today && line.outstanding > 0);
  const owedFine = owed.reduce((sum, line) => sum + line.fine, 0);
  const owedAmount = owed.reduce((sum, line) => sum + line.outstanding - line.fine, 0);
  const unpaid = owed.filter((line) => line.outstanding > line.fine);
  // A fine alone left of an installment paid late dates from that installment.
  const since = (unpaid.length > 0 ? unpaid : owed).map((line) => line.dueDate).sort()[0] ?? null;
  const nextDate = later.map((line) => line.dueDate).sort()[0];
  return {
    owedSince: since,
    owedAmount,
    owedFine,
    notYetDue: later.reduce((sum, line) => sum + line.outstanding, 0),
    next: nextDate ? { dueDate: nextDate, amount: later.filter((line) => line.dueDate === nextDate).reduce((sum, line) => sum + line.outstanding, 0) } : null,
  };
}
