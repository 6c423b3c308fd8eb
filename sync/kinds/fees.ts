/**
 * Fees as mutation kinds. Collecting a payment is a receipt the device writes at once with
 * `receiptNumber: null` (shown as Pending) until the school numbers it, gapless per academic year,
 * which only it can (the admissions pattern). A receipt is never edited: a correction cancels it
 * with a reason and may issue its replacement in the same write. Heads, structures and concessions
 * are plain records.
 */
import { academicYearOf } from '../../contract/admission';
import { type FeeConcessionInput, feeConcessionInputSchema, feeConcessionPaths, type FeeHeadInput, feeHeadInputSchema, feeHeadPaths, feePaths, type FeeReceiptCorrection, type FeeReceiptInput, type FeeReceiptItem } from '../../contract/fees';
import type { KakshaDb } from '../db';
import { feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../modules/fee-tables';
import { isRecord, type KindContext, type MutationKind, type ServerEffects } from './kind';
import { deviceToday, idOf, needsOf, noServerEffects, recordKinds, refOf, serverRecord } from './records';

type CollectBody = FeeReceiptInput & { id: string };
type Reissue = NonNullable<FeeReceiptCorrection['reissue']>;
type CorrectBody = FeeReceiptCorrection & { id: string; reissue?: Reissue & { id: string } };

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

/** The pending receipt a payment becomes on this device (the school's answer replaces it). */
async function writePendingReceipt(context: KindContext, id: string, studentId: string, payment: Omit<FeeReceiptInput, 'studentId'>, replaces: string | null) {
  const current = await context.db.tableOf(feeReceiptsTable).get(id);
  if (current?.receiptNumber) return;
  const student = await context.db.students.get(studentId);
  const klass = student?.classId ? await context.db.classes.get(student.classId) : undefined;
  const paidOn = text(payment.paidOn) ?? deviceToday();
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
    remark: text(payment.remark),
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces,
    receivedBy: context.username,
    createdAt: new Date().toISOString(),
    rev: 0,
  };
  await context.db.tableOf(feeReceiptsTable).put(row);
}

function receiptAnswer(data: unknown): ServerEffects {
  const effects = noServerEffects();
  const row = serverRecord(data, 'feeReceipts');
  if (row) effects.upserts.push({ table: 'feeReceipts', row });
  return effects;
}

export const collectFeeKind: MutationKind<FeeReceiptInput, CollectBody, 'feeReceipts.create'> = {
  name: 'feeReceipts.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const ref = refOf('feeReceipts', id);
    const body: CollectBody = { ...input, id };
    return { method: 'POST', path: feePaths.create, body, refs: [ref], creates: [ref], needs: needsOf([['students', input.studentId]]), result: id };
  },
  apply: (context, body, ref) => writePendingReceipt(context, idOf(ref), body.studentId, body, null),
  accepted: (_body, data) => receiptAnswer(data),
};

export const correctReceiptKind: MutationKind<FeeReceiptCorrection & { id: string }, CorrectBody, 'feeReceipts.correct'> = {
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
    if (body.reissue && original) await writePendingReceipt(context, id, original.studentId, body.reissue, body.id);
  },
  accepted(_body, data) {
    const effects = noServerEffects();
    if (!isRecord(data)) return effects;
    for (const part of [data.cancelled, data.issued]) {
      const row = serverRecord(part, 'feeReceipts');
      if (row) effects.upserts.push({ table: 'feeReceipts', row });
    }
    return effects;
  },
};

const headKinds = recordKinds<'feeHeads', FeeHeadInput, FeeHeadInput & { id: string }>({ table: 'feeHeads', schema: feeHeadInputSchema, paths: feeHeadPaths });
const concessionKinds = recordKinds<'feeConcessions', FeeConcessionInput, FeeConcessionInput & { id: string }>({
  table: 'feeConcessions',
  schema: feeConcessionInputSchema,
  paths: feeConcessionPaths,
  needs: (values) => needsOf([['students', values.studentId as string | null]]),
});

export const feeHeadKinds = [headKinds.create, headKinds.update, headKinds.remove] as const;
export const feeConcessionKinds = [concessionKinds.create, concessionKinds.update, concessionKinds.remove] as const;
