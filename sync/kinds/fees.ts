/**
 * Fees as mutation kinds. Collecting a payment is a receipt the device writes at once with
 * `receiptNumber: null` (shown as Pending) until the school numbers it, gapless per academic year,
 * which only it can (the admissions pattern). The create carries the day the cashier made it
 * (`recordedOn`), so a receipt pushed days later is not taken as back-dated. A receipt is never
 * edited: a correction cancels it with a reason and may issue its replacement in the same write.
 * The pending row's balance and cashier's name are worked out here the way the school will
 * (contract/fee-dues.ts); the school's answer fixes them. Heads, structures and concessions are
 * plain records.
 */
import { academicYearOf } from '../../contract/academic-year';
import { balanceAsOf, holidayLateDays, receiptFeeYear } from '../../contract/fee-dues';
import { officeCashier } from '../../contract/payment-modes';
import type { FeeConcessionInput, FeeHeadInput, FeeReceipt, FeeReceiptCorrection, FeeReceiptInput, FeeReceiptItem } from '../../contract/fees';
import type { KakshaDb } from '../db';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../tables/fees';
import { classesTable } from '../tables/classes';
import { eventsTable } from '../tables/events';
import { studentsTable } from '../tables/students';
import { teachersTable } from '../tables/teachers';
import type { KindContext, MutationKind, ServerEffects } from './kind';
import { deviceToday, idOf, needsOf, noServerEffects, recordKinds, refOf, serverRecord, storedAnswer } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const feeConcessionInputSchema = lazy((contract) => contract.feeConcessionInputSchema);
const feeConcessionPaths = lazy((contract) => contract.feeConcessionPaths);
const feeCorrectionAnswerSchema = lazy((contract) => contract.feeCorrectionAnswerSchema);
const feeHeadInputSchema = lazy((contract) => contract.feeHeadInputSchema);
const feeHeadPaths = lazy((contract) => contract.feeHeadPaths);
const feePaths = lazy((contract) => contract.feePaths);
const feeReceiptSchema = lazy((contract) => contract.feeReceiptSchema);

type CollectBody = FeeReceiptInput & { id: string };
type Reissue = NonNullable<FeeReceiptCorrection['reissue']>;
type CorrectBody = FeeReceiptCorrection & { id: string; reissue?: Reissue & { id: string } };
type CorrectAnswer = { cancelled: FeeReceipt; issued: FeeReceipt | null };

/** The receipt's items with their heads, labels and due dates, from the structures on the device. */
async function itemsOf(db: KakshaDb, items: readonly { installmentId: string; amount: number }[]): Promise<FeeReceiptItem[]> {
  const structures = await db.tableOf(feeStructuresTable).toArray();
  const heads = new Map((await db.tableOf(feeHeadsTable).toArray()).map((head) => [head.id, head.name]));
  return items.map((item) => {
    for (const structure of structures) {
      for (const head of structure.heads) {
        const installment = head.installments.find((one) => one.id === item.installmentId);
        if (installment) return { installmentId: item.installmentId, headId: head.headId, headName: heads.get(head.headId) ?? '', label: installment.label, dueDate: installment.dueDate, amount: item.amount };
      }
    }
    return { installmentId: item.installmentId, headId: '', headName: '', label: '', dueDate: '', amount: item.amount };
  });
}

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The cashier as the school will name them: the staff record with the account's address, else the office. */
async function cashierOnDevice(db: KakshaDb, username: string): Promise<string> {
  const address = username.toLowerCase();
  const teacher = (await db.tableOf(teachersTable).toArray()).find((row) => row.emailId?.toLowerCase() === address);
  const name = teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : '';
  return name || officeCashier;
}

/** The year's standing after the pending receipt `row` (already among the student's rows), from the device's copy. */
async function balanceOnDevice(db: KakshaDb, row: FeeReceiptRow) {
  const year = receiptFeeYear(row);
  const structure = (await db.tableOf(feeStructuresTable).where('academicYear').equals(year).toArray()).find((one) => one.classId === row.classId);
  if (!structure) return { balanceDue: null, yearBalance: null };
  const others = (await db.tableOf(feeReceiptsTable).where('studentId').equals(row.studentId).toArray()).filter((one) => one.id !== row.id);
  const holidays = await db.tableOf(eventsTable).where('kind').equals('holiday').toArray();
  const heads = new Map((await db.tableOf(feeHeadsTable).toArray()).map((head) => [head.id, head.name]));
  return balanceAsOf(
    {
      studentId: row.studentId,
      academicYear: year,
      structure,
      headNames: heads,
      concessions: await db.tableOf(feeConcessionsTable).where('studentId').equals(row.studentId).toArray(),
      receipts: [...others, row],
      today: row.paidOn,
      lateDays: holidayLateDays(holidays, year, row.classId ?? undefined),
    },
    row.paidOn,
  );
}

/** The pending receipt a payment becomes on this device (the school's answer replaces it). */
async function writePendingReceipt(context: KindContext, id: string, studentId: string, payment: Omit<FeeReceiptInput, 'studentId'>, replaces: string | null, recordedOn: string) {
  const current = await context.db.tableOf(feeReceiptsTable).get(id);
  if (current?.receiptNumber) return;
  const student = await context.db.tableOf(studentsTable).get(studentId);
  const klass = student?.classId ? await context.db.tableOf(classesTable).get(student.classId) : undefined;
  const paidOn = text(payment.paidOn) ?? recordedOn;
  const rawItems = (payment.items ?? []).map((item) => ({ installmentId: item.installmentId, amount: amount(item.amount) }));
  const items = await itemsOf(context.db, rawItems);
  const fine = amount(payment.fine);
  const fineWaived = amount(payment.fineWaived);
  const row: FeeReceiptRow = {
    id,
    receiptNumber: null,
    receiptSeq: null,
    academicYear: academicYearOf(paidOn),
    studentId,
    studentName: student ? `${student.firstName} ${student.lastName}`.trim() : '',
    admissionId: student?.admissionId ?? '',
    classId: student?.classId ?? null,
    className: klass ? [klass.className, klass.classSection].filter(Boolean).join(' ') : '',
    paidOn,
    mode: payment.mode,
    reference: text(payment.reference),
    bank: payment.mode === 'cheque' ? text(payment.bank) : null,
    items,
    fine,
    fineWaived,
    waiverReason: fineWaived > 0 ? text(payment.waiverReason) : null,
    total: items.reduce((sum, item) => sum + item.amount, fine),
    recordedOn,
    backdatedFine: 0,
    balanceDue: null,
    yearBalance: null,
    remark: text(payment.remark),
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces,
    receivedBy: await cashierOnDevice(context.db, context.username),
    createdAt: new Date().toISOString(),
    rev: 0,
  };
  await context.db.tableOf(feeReceiptsTable).put({ ...row, ...(await balanceOnDevice(context.db, row)) });
}

export const collectFeeKind: MutationKind<FeeReceiptInput, CollectBody, 'feeReceipts.create', FeeReceipt> = {
  name: 'feeReceipts.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const ref = refOf('feeReceipts', id);
    // The day it is made here: "today" for its checks at the school, however late it gets there.
    const body: CollectBody = { ...input, id, recordedOn: input.recordedOn ?? deviceToday() };
    return { method: 'POST', path: feePaths.create, body, refs: [ref], creates: [ref], needs: needsOf([['students', input.studentId]]), result: id };
  },
  apply: (context, body, ref) => writePendingReceipt(context, idOf(ref), body.studentId, body, null, body.recordedOn ?? deviceToday()),
  answer: feeReceiptSchema,
  accepted: (_body, receipt) => storedAnswer('feeReceipts', receipt),
};

export const correctReceiptKind: MutationKind<FeeReceiptCorrection & { id: string }, CorrectBody, 'feeReceipts.correct', CorrectAnswer> = {
  name: 'feeReceipts.correct',
  async prepare(input, context) {
    const ref = refOf('feeReceipts', input.id);
    const reissue = input.reissue ? { ...input.reissue, id: input.reissue.id ?? context.newId() } : undefined;
    const body: CorrectBody = { id: input.id, cancelReason: input.cancelReason, ...(reissue ? { reissue } : {}) };
    const created = reissue ? [refOf('feeReceipts', reissue.id)] : [];
    return { method: 'PUT', path: feePaths.update(input.id), body, refs: [ref, ...created], creates: created, needs: [ref], result: reissue?.id ?? input.id };
  },
  async apply(context, body, ref) {
    const id = idOf(ref);
    const table = context.db.tableOf(feeReceiptsTable);
    if (id === body.id) {
      const current = await table.get(id);
      if (!current) return;
      await table.put({ ...current, status: 'cancelled', cancelReason: body.cancelReason.trim(), cancelledOn: deviceToday(), replacedBy: body.reissue?.id ?? null });
      return;
    }
    const original = await table.get(body.id);
    if (body.reissue && original) await writePendingReceipt(context, id, original.studentId, body.reissue, body.id, original.recordedOn ?? original.paidOn);
  },
  answer: feeCorrectionAnswerSchema,
  accepted(_body, answer): ServerEffects {
    const effects = noServerEffects();
    for (const receipt of [answer.cancelled, answer.issued]) {
      const row = receipt && serverRecord(receipt, 'feeReceipts');
      if (row) effects.upserts.push({ table: 'feeReceipts', row });
    }
    return effects;
  },
};

const headKinds = recordKinds<'feeHeads', FeeHeadInput, FeeHeadInput & { id: string }>({ table: 'feeHeads', schema: feeHeadInputSchema, paths: feeHeadPaths, answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.feeHeadSchema)) });
const concessionKinds = recordKinds<'feeConcessions', FeeConcessionInput, FeeConcessionInput & { id: string }>({
  table: 'feeConcessions',
  schema: feeConcessionInputSchema,
  paths: feeConcessionPaths,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.feeConcessionSchema)),
  needs: (values) => needsOf([['students', values.studentId as string | null]]),
});

export const feeHeadKinds = [headKinds.create, headKinds.update, headKinds.remove] as const;
export const feeConcessionKinds = [concessionKinds.create, concessionKinds.update, concessionKinds.remove] as const;
