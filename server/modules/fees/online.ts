/**
 * What online payment (server/modules/payments/) asks of fees, public to it (eslint.config.js):
 * pricing what a family chose against the dues as the school knows them, issuing the receipt once
 * the gateway says the money was captured, and cancelling it when the payment is refunded
 * (docs/decisions.md "Online fee payment"). The receipt is numbered in the school's one series,
 * with the counter's receipts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { computeDues, fineOf, principalLeft } from '../../../contract/fee-dues';
import { feeMessages, type StudentDues } from '../../../contract/fees';
import { onlineCashier, paymentMessages } from '../../../contract/payments';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { studentForFees } from './access';
import { duesSourcesOf } from './dues';
import { fieldError, issueReceipt, receiptDays } from './issue';
import { feeInstallments, feeReceipts, feeStructures } from './tables';

export interface PricedLine {
  installmentId: string;
  amount: number;
  label: string;
}

export interface PricedChoice {
  academicYear: number;
  items: PricedLine[];
  /** The late fine due on the chosen installments today. */
  fine: number;
}

async function yearOfInstallments(db: Db, tenantId: string, installmentIds: readonly string[]): Promise<number[]> {
  const rows = await db
    .select({ academicYear: feeStructures.academicYear })
    .from(feeInstallments)
    .innerJoin(feeStructures, and(eq(feeStructures.tenantId, feeInstallments.tenantId), eq(feeStructures.id, feeInstallments.structureId)))
    .where(and(eq(feeInstallments.tenantId, tenantId), sql`${feeInstallments.id} in ${installmentIds}`, sql`${feeStructures.deletedAt} is null`));
  return [...new Set(rows.map((row) => row.academicYear))];
}

async function duesOfYear(db: Db, tenantId: string, studentId: string, academicYear: number, today: string): Promise<StudentDues | undefined> {
  const [sources] = await duesSourcesOf(db, tenantId, [studentId], academicYear);
  return sources ? computeDues({ ...sources, today }) : undefined;
}

/**
 * Checks a family's choice against the student's dues of one year (each installment theirs, no
 * more than what is left of it, all of it unless the school takes part payments) and adds the
 * fine due on those installments today.
 */
export async function priceOnlineChoice(
  db: Db,
  tenantId: string,
  studentId: string,
  items: readonly { installmentId: string; amount: number }[],
  partialAllowed: boolean,
  today: string = schoolTodayIso(),
): Promise<PricedChoice> {
  const ids = items.map((item) => item.installmentId);
  if (new Set(ids).size !== ids.length) throw fieldError('items', feeMessages.installmentTwice);
  const years = await yearOfInstallments(db, tenantId, ids);
  if (years.length !== 1) throw fieldError('items', feeMessages.installmentNotForStudent);
  const academicYear = years[0]!;
  const dues = await duesOfYear(db, tenantId, studentId, academicYear, today);
  if (!dues) throw fieldError('items', feeMessages.installmentNotForStudent);
  let fine = 0;
  const priced = items.map((item) => {
    const line = dues.installments.find((one) => one.installmentId === item.installmentId);
    if (!line) throw fieldError('items', feeMessages.installmentNotForStudent);
    const left = principalLeft(line);
    if (item.amount <= 0) throw fieldError('items', feeMessages.itemAmount);
    if (item.amount > left) throw fieldError('items', feeMessages.overpaid(`${line.head} ${line.label}`));
    if (!partialAllowed && item.amount !== left) throw fieldError('items', paymentMessages.partialNotAllowed);
    fine += line.fine;
    return { installmentId: item.installmentId, amount: item.amount, label: `${line.head} ${line.label}`.trim() };
  });
  return { academicYear, items: priced, fine };
}

export interface OnlineReceiptRequest {
  receiptId: string;
  studentId: string;
  academicYear: number;
  /** The account that started the payment: the receipt names it as the one it was received from. */
  payerUserId: string;
  items: readonly { installmentId: string; amount: number }[];
  fine: number;
  paymentId: string;
  /** The day the gateway captured it (the school's date). */
  paidOn: string;
}

export interface OnlineReceiptOutcome {
  receiptId: string | null;
  receiptNumber: string | null;
  /** Some of what was chosen had been paid meanwhile; the money went to the next installments. */
  reallocated: boolean;
  /** Paise the receipt could not take (every due of the year was paid). */
  excess: number;
}

/**
 * Spreads `money` over the year's installments: first those the payer chose, as far as each is
 * still unpaid, then the next unpaid ones in due order. Returns the items and what is left over.
 */
function allocate(dues: StudentDues, chosen: readonly { installmentId: string; amount: number }[], money: number) {
  const left = new Map(dues.installments.map((line) => [line.installmentId, principalLeft(line)]));
  const items = new Map<string, number>();
  let rest = money;
  const take = (installmentId: string, wanted: number) => {
    const room = Math.min(wanted, left.get(installmentId) ?? 0, rest);
    if (room <= 0) return;
    items.set(installmentId, (items.get(installmentId) ?? 0) + room);
    left.set(installmentId, (left.get(installmentId) ?? 0) - room);
    rest -= room;
  };
  for (const item of chosen) take(item.installmentId, item.amount);
  for (const line of dues.installments) take(line.installmentId, Number.MAX_SAFE_INTEGER);
  return { items: [...items].map(([installmentId, amount]) => ({ installmentId, amount })), rest };
}

/**
 * Issues the receipt of a captured online payment, in the caller's transaction. What the payer
 * chose is paid as far as it is still unpaid; money for dues paid at the counter meanwhile goes to
 * the year's next installments (flagged for the office); what no due of the year can take is kept
 * as `excess` for the office to refund. Never refuses money: a payment nothing can take issues no
 * receipt and comes back as all excess.
 */
export async function issueOnlineReceipt(tx: Db, tenantId: string, request: OnlineReceiptRequest): Promise<OnlineReceiptOutcome> {
  const today = schoolTodayIso();
  // The student locked before the dues are read, as the counter does (issue.ts): a cashier taking
  // the same child's fees now waits, so the dues spread below are the ones the receipt is checked on.
  const student = await studentForFees(tx, tenantId, request.studentId, true);
  if (!student) return { receiptId: null, receiptNumber: null, reallocated: true, excess: request.items.reduce((sum, item) => sum + item.amount, request.fine) };
  const [sources] = await duesSourcesOf(tx, tenantId, [request.studentId], request.academicYear);
  const dues = sources ? computeDues({ ...sources, today }) : undefined;
  const chosenTotal = request.items.reduce((sum, item) => sum + item.amount, 0);
  const fineNow = dues ? fineOf(dues) : 0;
  const fine = Math.min(request.fine, fineNow);
  const principal = chosenTotal + (request.fine - fine);
  const { items, rest } = dues ? allocate(dues, request.items, principal) : { items: [], rest: principal };
  const reallocated =
    rest > 0 || items.length !== request.items.length || request.items.some((item) => items.find((one) => one.installmentId === item.installmentId)?.amount !== item.amount);
  if (items.length === 0 && fine === 0) return { receiptId: null, receiptNumber: null, reallocated: true, excess: rest };
  const days = await receiptDays(tx, tenantId, request.paidOn <= today ? request.paidOn : today, today);
  const receiptNumber = await issueReceipt(
    tx,
    { tenantId, userId: request.payerUserId, name: onlineCashier },
    request.receiptId,
    request.studentId,
    {
      paidOn: days.paidOn,
      mode: 'online',
      reference: request.paymentId,
      bank: null,
      items,
      fine,
      fineWaived: 0,
      waiverReason: null,
      remark: null,
    },
    days,
    null,
    sources,
    student,
  );
  return { receiptId: request.receiptId, receiptNumber, reallocated, excess: rest };
}

/** Cancels an online payment's receipt when the payment is refunded; its number stays, as every cancelled receipt's. */
export async function cancelOnlineReceipt(tx: Db, tenantId: string, receiptId: string, reason: string, byUserId: string): Promise<string> {
  const [stored] = await tx
    .select({ receiptNumber: feeReceipts.receiptNumber, status: feeReceipts.status })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.tenantId, tenantId), eq(feeReceipts.id, receiptId)))
    .for('update');
  if (!stored) throw fieldError('receiptId', feeMessages.receiptNotFound);
  if (stored.status !== 'cancelled') {
    await tx
      .update(feeReceipts)
      .set({ status: 'cancelled', cancelledOn: schoolTodayIso(), cancelReason: reason, cancelledBy: byUserId })
      .where(and(eq(feeReceipts.tenantId, tenantId), eq(feeReceipts.id, receiptId)));
  }
  return stored.receiptNumber;
}
