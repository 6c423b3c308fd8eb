/**
 * Issuing a receipt (docs/decisions.md "Fees" and "Money across years, payment dates and receipts
 * fixed when issued"): the payment date and the day it was made checked, the payment checked against
 * the dues of its year, the fine an earlier date removes taken as a waiver with its reason, then the
 * receipt numbered and stored with what it prints fixed: the year's balance after it as of its date
 * and the cashier's name.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academicYearOf } from '../../../contract/admission';
import { balanceAfter, computeDues, duesWith, fineOf, fineRemovedByDate, principalLeft, type DuesSources } from '../../../contract/fee-dues';
import { earliestPaymentDate, feeMessages, formatReceiptNumber, indianDate, type FeeStructure, type feeReceiptInputSchema, type PaymentMode } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { formatRupees } from '../../../contract/money';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { studentForFees } from './access';
import { duesSourcesOf } from './dues';
import { nextReceiptSeq } from './numbering';
import { tellReceipt } from './receipt-notice';
import { feeRepository as repo } from './repository';
import { classesInYear } from '../years/current-year';
import { feeInstallments, feeReceiptItems, feeReceipts, feeStructures } from './tables';

/** A receipt's payment: the counter's, or an online one (fees/online.ts). */
export type Payment = Omit<z.output<typeof feeReceiptInputSchema>, 'id' | 'studentId' | 'recordedOn' | 'mode'> & { mode: PaymentMode };

export const fieldError = (field: string, message: string) => badRequest(message, { fieldErrors: { [field]: [message] } });

/** Who took the payment: the account the receipt names and the name it prints (cashier.ts). */
export interface Cashier {
  tenantId: string;
  userId: string;
  name: string;
}

/** A structure's installments with what the receipt's checks read of them (the caller's sources, read once). */
function installmentsOf(structure: FeeStructure | undefined) {
  if (!structure) return undefined;
  return structure.heads.flatMap((head) =>
    head.installments.map((installment) => ({ id: installment.id, structureId: structure.id, classId: structure.classId, academicYear: structure.academicYear })),
  );
}

export type FeeStudent = NonNullable<Awaited<ReturnType<typeof studentForFees>>>;

/** The first academic year the school has fees for: no receipt is dated before it. */
async function firstFeeYear(tx: Db, tenantId: string): Promise<number | null> {
  const [row] = await tx
    .select({ year: min(feeStructures.academicYear) })
    .from(feeStructures)
    .where(and(eq(feeStructures.tenantId, tenantId), isNull(feeStructures.deletedAt)));
  return row?.year ?? null;
}

/**
 * The payment date and the day the receipt was made, checked (docs/decisions.md "Fees"): neither in
 * the future; the payment date in the current or the previous academic year and not before the
 * school's first year of fees, so no date decades back opens a receipt series or stops a fine.
 */
export async function receiptDays(tx: Db, tenantId: string, paidOnGiven: string | undefined, recordedOnGiven: string | undefined) {
  const today = schoolTodayIso();
  const recordedOn = recordedOnGiven ?? today;
  const paidOn = paidOnGiven ?? recordedOn;
  if (paidOn > today) throw fieldError('paidOn', feeMessages.paidOnFuture);
  if (recordedOn > today) throw fieldError('recordedOn', feeMessages.recordedOnFuture);
  if (paidOn > recordedOn) throw fieldError('paidOn', feeMessages.recordedOnBeforePaid);
  // The earliest date is never after this academic year's first day: a payment of this year needs no look.
  if (paidOn >= earliestPaymentDate(today, academicYearOf(today))) return { paidOn, recordedOn };
  const earliest = earliestPaymentDate(today, await firstFeeYear(tx, tenantId));
  if (paidOn < earliest) throw fieldError('paidOn', feeMessages.paidOnTooEarly(indianDate(earliest)));
  return { paidOn, recordedOn };
}

/**
 * Takes a payment: checks it against the student's dues as the server knows them (no more than
 * what is left of each installment, no more fine than is due as of the day it was made; a fine an
 * earlier payment date removes is a waiver with its reason), then numbers and stores the receipt
 * with what it prints fixed: the year's balance after it as of its date, and the cashier's name.
 * `recordedOn`: the day the cashier made it (a correction keeps the corrected receipt's).
 */
export async function issueReceipt(
  tx: Db,
  cashier: Cashier,
  id: string,
  studentId: string,
  payment: Payment,
  days: { paidOn: string; recordedOn: string },
  replaces: string | null,
  /** The student's dues sources of the payment's year, when the caller read them in this transaction. */
  known?: Omit<DuesSources, 'today'>,
  /** The student as the caller read and locked them in this transaction. */
  lockedStudent?: FeeStudent,
): Promise<string> {
  const tenantId = cashier.tenantId;
  const { paidOn, recordedOn } = days;
  // Locking the student queues two cashiers taking the same child's fees, so neither overpays.
  const student = lockedStudent ?? (await studentForFees(tx, tenantId, studentId, true));
  if (!student) throw fieldError('studentId', messages.students.notFound);

  const installmentIds = payment.items.map((item) => item.installmentId);
  const knownInstallments = known?.studentId === studentId ? installmentsOf(known.structure) : undefined;
  const installments = knownInstallments && installmentIds.every((id) => knownInstallments.some((row) => row.id === id))
    ? knownInstallments.filter((row) => installmentIds.includes(row.id))
    : installmentIds.length
    ? await tx
        .select({ id: feeInstallments.id, structureId: feeInstallments.structureId, classId: feeStructures.classId, academicYear: feeStructures.academicYear })
        .from(feeInstallments)
        .innerJoin(feeStructures, and(eq(feeStructures.tenantId, feeInstallments.tenantId), eq(feeStructures.id, feeInstallments.structureId)))
        .where(and(eq(feeInstallments.tenantId, tenantId), sql`${feeInstallments.id} in ${installmentIds}`, sql`${feeStructures.deletedAt} is null`))
    : [];
  const structureIds = new Set(installments.map((row) => row.structureId));
  // Last year's installment is paid against last year's class (docs/decisions.md "The school year").
  const yearOfItems = installments[0]?.academicYear;
  const classThen =
    yearOfItems === undefined
      ? student.classId
      : known?.academicYear === yearOfItems && known.studentId === studentId && known.structure
        ? known.structure.classId
        : (await classesInYear(tx, tenantId, [studentId], yearOfItems)).get(studentId);
  if (installments.length !== installmentIds.length || structureIds.size > 1 || installments.some((row) => row.classId !== classThen)) {
    throw fieldError('items', feeMessages.installmentNotForStudent);
  }
  const feeYear = installments[0]?.academicYear ?? academicYearOf(paidOn);
  const [sources] = known?.academicYear === feeYear && known.studentId === studentId ? [known] : await duesSourcesOf(tx, tenantId, [studentId], feeYear);
  const dues = sources && computeDues({ ...sources, today: recordedOn });
  if (!sources || !dues || dues.installments.length === 0) throw fieldError('items', feeMessages.noStructure);
  for (const item of payment.items) {
    const line = dues.installments.find((one) => one.installmentId === item.installmentId);
    if (!line) throw fieldError('items', feeMessages.installmentNotForStudent);
    if (item.amount > principalLeft(line)) throw fieldError('items', feeMessages.overpaid(`${line.head} ${line.label}`));
  }
  const draft = { studentId, paidOn, items: payment.items, fine: 0, fineWaived: 0 };
  const fineDue = fineOf(duesWith({ ...sources, today: recordedOn }, draft, recordedOn));
  if (payment.fine + payment.fineWaived > fineDue) throw fieldError('fine', feeMessages.fineTooMuch);
  const backdatedFine = fineRemovedByDate({ ...sources, today: recordedOn }, draft, recordedOn);
  if (backdatedFine > 0 && !payment.waiverReason) throw fieldError('waiverReason', feeMessages.backdatedReason(formatRupees(backdatedFine), indianDate(paidOn)));
  const { balanceDue, yearBalance } = balanceAfter({ ...sources, today: paidOn }, { ...draft, fine: payment.fine, fineWaived: payment.fineWaived });

  const academicYear = academicYearOf(paidOn);
  const { receiptFormat } = await repo.settings(tx, tenantId);
  // Taken last: a refusal above never holds the counter; a rollback below gives the number back.
  const receiptSeq = await nextReceiptSeq(tx, tenantId, academicYear);
  const receiptNumber = formatReceiptNumber(receiptFormat, academicYear, receiptSeq);
  const total = payment.items.reduce((sum, item) => sum + item.amount, payment.fine);
  await tx.insert(feeReceipts).values({
    id,
    tenantId,
    academicYear,
    receiptSeq,
    receiptNumber,
    studentId,
    studentName: `${student.firstName} ${student.lastName}`.trim(),
    admissionId: student.admissionId ?? '',
    classId: student.classId,
    className: [student.className, student.classSection].filter(Boolean).join(' '),
    paidOn,
    mode: payment.mode,
    reference: payment.reference,
    bank: payment.mode === 'cheque' ? payment.bank : null,
    fine: payment.fine,
    fineWaived: payment.fineWaived,
    waiverReason: payment.fineWaived > 0 || backdatedFine > 0 ? payment.waiverReason : null,
    total,
    recordedOn,
    backdatedFine,
    balanceDue,
    yearBalance,
    remark: payment.remark,
    replaces,
    receivedBy: cashier.userId,
    receivedByName: cashier.name,
  });
  if (payment.items.length) {
    await tx.insert(feeReceiptItems).values(payment.items.map((item) => ({ id: randomUUID(), tenantId, receiptId: id, installmentId: item.installmentId, amount: item.amount })));
  }
  await tellReceipt(tx, tenantId, { id, studentId, firstName: student.firstName, receiptNumber, total, paidOn });
  return receiptNumber;
}
