/**
 * A student's dues, computed the same way on the server (GET /api/fees/dues) and on a device from
 * its mirror (the family's fee view offline): per installment of the class's structure, the amount
 * less concessions less what receipts paid, plus the late fine to date. Integer paise throughout.
 *
 * Rules (docs/decisions.md "Fees (issue 14)"):
 * - a percentage concession takes round(amount × percent / 100) off each installment of its heads,
 *   an amount concession that many paise off each; together never more than the installment;
 * - a late fine runs from the day after the due date until the installment is paid in full (the
 *   payment date of the receipt that cleared it) or today, counting late working days
 *   (contract/working-days.ts: Monday to Saturday less the school's holidays, `holidayLateDays`);
 *   perDay is fineAmount per late day, flat is fineAmount once late; either at most fineCap;
 * - fines paid or waived on receipts settle the accrued fines oldest due date first;
 * - cancelled receipts count for nothing.
 */
import type { FeeConcession, FeeReceipt, FeeStructure, InstallmentDue, StudentDues } from './fees';
import { holidayDates, isSunday, type CalendarEntry } from './working-days';

export interface DuesSources {
  studentId: string;
  academicYear: number;
  structure: FeeStructure | undefined;
  headNames: ReadonlyMap<string, string>;
  concessions: readonly FeeConcession[];
  receipts: readonly Pick<FeeReceipt, 'studentId' | 'status' | 'paidOn' | 'items' | 'fine' | 'fineWaived'>[];
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

export function computeDues(sources: DuesSources): StudentDues {
  const { studentId, academicYear, structure, headNames, today } = sources;
  const lateDays = sources.lateDays ?? lateWorkingDays;
  if (!structure) return { studentId, academicYear, installments: [], totalOutstanding: 0, overdue: 0, nextDue: null };
  const concessions = sources.concessions.filter((c) => c.studentId === studentId && c.academicYear === academicYear);
  const receipts = sources.receipts
    .filter((receipt) => receipt.studentId === studentId && receipt.status === 'paid')
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
