/**
 * Counter collection and the receipt register (/admin/fee, /admin/addfee, /admin/fees/...): admins
 * collect; the server numbers each receipt gaplessly per school and academic year inside the write's
 * transaction (numbering.ts), so a receipt made offline gets its number when it arrives. A receipt
 * is never edited or deleted: PUT /fees/update/{id} cancels it with a reason (its number stays) and
 * may issue its correction in the same write. Dues come from the shared calculator (dues.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { academicYearOf } from '../../../contract/admission';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { principalLeft } from '../../../contract/fee-dues';
import { duesQuerySchema, feeCorrectionAnswerSchema, feeMessages, feePaths, feeReceiptCorrectionSchema, feeReceiptInputSchema, feeReceiptListQuerySchema, feeReceiptSchema, feeReceiptSearchColumns, feeSettingsInputSchema, feeSettingsSchema, formatReceiptNumber, studentDuesQuerySchema, studentDuesSchema } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { classes, students } from '../../db/schema';
import { feeInstallments, feeReceiptItems, feeReceipts, feeSettings, feeStructures } from './tables';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import type { AuthUser } from '../../types';
import { assertMayReadStudent, feeReadScope, studentForFees } from './access';
import { duesOfStudents } from './dues';
import { nextReceiptSeq } from './numbering';
import { remindDefaulters } from './reminders';
import { feeRepository as repo, receiptSearchColumns } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const receiptParams = z.object({ id: z.uuid(feeMessages.receiptNotFound) });
const studentParams = z.object({ studentId: z.uuid(messages.students.notFound) });
const remindBody = z.object({ classId: z.uuid(messages.records.fields.uuid('Class')) });

type Payment = Omit<z.output<typeof feeReceiptInputSchema>, 'id' | 'studentId'>;

const fieldError = (field: string, message: string) => badRequest(message, { fieldErrors: { [field]: [message] } });

/**
 * Takes a payment: checks it against the student's dues as the server knows them now (no more than
 * what is left of each installment, no more fine than is due), then numbers and stores the receipt.
 */
async function issueReceipt(tx: Db, user: AuthUser, id: string, studentId: string, payment: Payment, replaces: string | null): Promise<string> {
  const tenantId = user.tenantId;
  const today = todayIso();
  const paidOn = payment.paidOn ?? today;
  if (paidOn > today) throw fieldError('paidOn', feeMessages.paidOnFuture);
  // Locking the student queues two cashiers taking the same child's fees, so neither overpays.
  const student = await studentForFees(tx, tenantId, studentId, true);
  if (!student) throw fieldError('studentId', messages.students.notFound);

  const installmentIds = payment.items.map((item) => item.installmentId);
  const installments = installmentIds.length
    ? await tx
        .select({ id: feeInstallments.id, structureId: feeInstallments.structureId, classId: feeStructures.classId, academicYear: feeStructures.academicYear })
        .from(feeInstallments)
        .innerJoin(feeStructures, and(eq(feeStructures.tenantId, feeInstallments.tenantId), eq(feeStructures.id, feeInstallments.structureId)))
        .where(and(eq(feeInstallments.tenantId, tenantId), sql`${feeInstallments.id} in ${installmentIds}`, sql`${feeStructures.deletedAt} is null`))
    : [];
  const structureIds = new Set(installments.map((row) => row.structureId));
  if (installments.length !== installmentIds.length || structureIds.size > 1 || installments.some((row) => row.classId !== student.classId)) {
    throw fieldError('items', feeMessages.installmentNotForStudent);
  }
  const feeYear = installments[0]?.academicYear ?? academicYearOf(paidOn);
  const [dues] = await duesOfStudents(tx, tenantId, [studentId], feeYear, today);
  if (!dues || dues.installments.length === 0) throw fieldError('items', feeMessages.noStructure);
  for (const item of payment.items) {
    const line = dues.installments.find((one) => one.installmentId === item.installmentId);
    if (!line) throw fieldError('items', feeMessages.installmentNotForStudent);
    if (item.amount > principalLeft(line)) throw fieldError('items', feeMessages.overpaid(`${line.head} ${line.label}`));
  }
  const fineDue = dues.installments.reduce((sum, line) => sum + line.fine, 0);
  if (payment.fine + payment.fineWaived > fineDue) throw fieldError('fine', feeMessages.fineTooMuch);

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
    waiverReason: payment.fineWaived > 0 ? payment.waiverReason : null,
    total,
    remark: payment.remark,
    replaces,
    receivedBy: user.id,
    receivedByName: user.username,
  });
  if (payment.items.length) {
    await tx.insert(feeReceiptItems).values(payment.items.map((item) => ({ id: randomUUID(), tenantId, receiptId: id, installmentId: item.installmentId, amount: item.amount })));
  }
  return receiptNumber;
}

export const feeReceiptRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(feePaths.settings), { config: readers, schema: { response: ok(feeSettingsSchema) } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await repo.settings(app.db, userOf(request).tenantId)),
  );
  app.put(routeOf(feePaths.settings), { config: adminWrite, schema: { response: ok(feeSettingsSchema), body: feeSettingsInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const values = { ...request.body, updatedAt: new Date() };
      await tx.insert(feeSettings).values({ tenantId, ...values }).onConflictDoUpdate({ target: feeSettings.tenantId, set: values });
      return { message: feeMessages.settingsSaved, data: await repo.settings(tx, tenantId) };
    }),
  );

  app.post(
    routeOf(feePaths.remind),
    { config: adminWrite, schema: { response: ok(z.object({ reminded: z.number() })), body: remindBody } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const [klass] = await tx
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.tenantId, user.tenantId), eq(classes.id, request.body.classId), sql`${classes.deletedAt} is null`));
        if (!klass) throw fieldError('classId', messages.classes.notFound);
        const reminded = await remindDefaulters(tx, user.tenantId, user.id, klass.id);
        return { message: reminded === 0 ? feeMessages.nothingOverdue : feeMessages.remindersSent(reminded), data: { reminded } };
      }),
  );

  app.get(routeOf(feePaths.dues), { config: readers, schema: { response: okList(studentDuesSchema), querystring: duesQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    const scope = await feeReadScope(app.db, user);
    const { classId, academicYear = academicYearOf(todayIso()) } = request.query;
    const inClass = await app.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.tenantId, user.tenantId), eq(students.classId, classId), sql`${students.deletedAt} is null`));
    const ids = inClass.map((row) => row.id).filter((id) => !scope.studentIds || scope.studentIds.includes(id));
    return sendEnvelope(reply, 200, messages.common.ok, await duesOfStudents(app.db, user.tenantId, ids, academicYear, todayIso()));
  });

  app.get(
    routeOf(feePaths.studentDues),
    { config: readers, schema: { response: ok(studentDuesSchema), params: studentParams, querystring: studentDuesQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { studentId } = request.params;
      await assertMayReadStudent(app.db, user, studentId);
      const { academicYear = academicYearOf(todayIso()) } = request.query;
      const [dues] = await duesOfStudents(app.db, user.tenantId, [studentId], academicYear, todayIso());
      if (!dues) throw notFound(messages.students.notFound);
      return sendEnvelope(reply, 200, messages.common.ok, dues);
    },
  );

  app.get(routeOf(feePaths.all), { config: readers, schema: { response: okList(feeReceiptSchema), querystring: feeReceiptListQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    const scope = await feeReadScope(app.db, user);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.receipts(app.db, user.tenantId, { ...request.query, ...scope }));
  });

  app.get(
    routeOf(feePaths.page),
    { config: readers, schema: { response: okPage(feeReceiptSchema), querystring: pageQuerySchema.extend(feeReceiptListQuerySchema.shape) } },
    async (request, reply) => {
      const user = userOf(request);
      const scope = await feeReadScope(app.db, user);
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.receiptPage(app.db, user.tenantId, { ...filter, ...scope }, { page, size }));
    },
  );

  app.get(
    routeOf(feePaths.searchColumn),
    { config: readers, schema: { response: okPage(feeReceiptSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const scope = await feeReadScope(app.db, user);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(feeReceiptSearchColumns, column, feeMessages.invalidColumn);
      const search = { column: receiptSearchColumns[searchable]!, value };
      return sendEnvelope(reply, 200, messages.common.ok, await repo.receiptPage(app.db, user.tenantId, scope, { page, size }, search));
    },
  );

  app.get(routeOf(feePaths.one), { config: readers, schema: { response: ok(feeReceiptSchema), params: receiptParams } }, async (request, reply) => {
    const user = userOf(request);
    const scope = await feeReadScope(app.db, user);
    const found = await repo.receipt(app.db, user.tenantId, request.params.id);
    if (!found || (scope.studentIds && !scope.studentIds.includes(found.studentId))) throw notFound(feeMessages.receiptNotFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(feePaths.create), { config: adminWrite, schema: { response: created(feeReceiptSchema), body: feeReceiptInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const { id = randomUUID(), studentId, ...payment } = request.body;
      await assertRecordIdFree(tx, feeReceipts, id);
      const receiptNumber = await issueReceipt(tx, user, id, studentId, payment, null);
      return { status: 201, message: feeMessages.collected(receiptNumber), data: await repo.receipt(tx, user.tenantId, id) };
    }),
  );

  app.put(
    routeOf(feePaths.update),
    { config: adminWrite, schema: { response: ok(feeCorrectionAnswerSchema), params: receiptParams, body: feeReceiptCorrectionSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const [stored] = await tx
          .select({ id: feeReceipts.id, status: feeReceipts.status, studentId: feeReceipts.studentId, receiptNumber: feeReceipts.receiptNumber })
          .from(feeReceipts)
          .where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)))
          .for('update');
        if (!stored) throw notFound(feeMessages.receiptNotFound);
        if (stored.status === 'cancelled') throw conflict(feeMessages.alreadyCancelled);
        const { cancelReason, reissue } = request.body;
        await tx
          .update(feeReceipts)
          .set({ status: 'cancelled', cancelledOn: todayIso(), cancelReason, cancelledBy: user.id })
          .where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)));
        let issued = null;
        let message = feeMessages.cancelled(stored.receiptNumber);
        if (reissue) {
          const { id: newId = randomUUID(), ...payment } = reissue;
          await assertRecordIdFree(tx, feeReceipts, newId);
          const number = await issueReceipt(tx, user, newId, stored.studentId, payment, id);
          await tx.update(feeReceipts).set({ replacedBy: newId }).where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)));
          issued = (await repo.receipt(tx, user.tenantId, newId)) ?? null;
          message = feeMessages.corrected(stored.receiptNumber, number);
        }
        return { message, data: { cancelled: await repo.receipt(tx, user.tenantId, id), issued } };
      }),
  );
};
