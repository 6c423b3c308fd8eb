/**
 * Counter collection and the receipt register (/admin/fee, /admin/addfee, /admin/fees/...): admins
 * collect; the server numbers each receipt gaplessly per school and academic year inside the write's
 * transaction (numbering.ts, through issue.ts, which also fixes what the receipt prints), so a
 * receipt made offline gets its number when it arrives. A receipt is never edited or deleted: PUT
 * /fees/update/{id} cancels it with a reason (its number stays) and may issue its correction in the
 * same write. Dues come from the shared calculator (dues.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { currentYearOf, studentsOfClassInYear } from '../years/current-year';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { duesQuerySchema, feeCorrectionAnswerSchema, feeMessages, feePaths, feeReceiptCorrectionSchema, feeReceiptInputSchema, feeReceiptListQuerySchema, feeReceiptSchema, feeReceiptSearchColumns, feeSettingsInputSchema, feeSettingsSchema, studentDuesQuerySchema, studentDuesSchema } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { paymentMessages } from '../../../contract/payments';
import { routeOf } from '../../../contract/paths';
import { todayIso } from '../../../contract/record-formats';
import { envelopeJson } from '../../db/kept-json';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { classes } from '../../db/core-tables';
import { feeReceipts, feeSettings } from './tables';
import { conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite, sendJsonText } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { assertMayReadStudent, feeReadScope } from './access';
import { duesOfStudents } from './dues';
import { fieldError, issueReceipt, receiptDays } from './issue';
import { cashierOf } from './cashier';
import { remindDefaulters } from './reminders';
import { feeRepository as repo, receiptSearchColumns } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const receiptParams = z.object({ id: z.uuid(feeMessages.receiptNotFound) });
const studentParams = z.object({ studentId: z.uuid(messages.students.notFound) });
const remindBody = z.object({ classId: z.uuid(messages.records.fields.uuid('Class')) });

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
    const { classId, academicYear = await currentYearOf(app.db, user.tenantId) } = request.query;
    const inClass = await studentsOfClassInYear(app.db, user.tenantId, classId, academicYear);
    const ids = inClass.filter((id) => !scope.studentIds || scope.studentIds.includes(id));
    return sendEnvelope(reply, 200, messages.common.ok, await duesOfStudents(app.db, user.tenantId, ids, academicYear, todayIso()));
  });

  app.get(
    routeOf(feePaths.studentDues),
    { config: readers, schema: { response: ok(studentDuesSchema), params: studentParams, querystring: studentDuesQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { studentId } = request.params;
      await assertMayReadStudent(app.db, user, studentId);
      const { academicYear = await currentYearOf(app.db, user.tenantId) } = request.query;
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
      const asked = { ...filter, ...scope };
      // Staff's unfiltered page from the receipts' kept texts (db/kept-json.ts); any filter or a family's read whole.
      if (Object.values(asked).every((value) => value === undefined)) {
        return sendJsonText(reply, 200, envelopeJson(messages.common.ok, await repo.schoolReceiptPageJson(app.db, user.tenantId, { page, size })));
      }
      return sendEnvelope(reply, 200, messages.common.ok, await repo.receiptPage(app.db, user.tenantId, asked, { page, size }));
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
      const { id = randomUUID(), studentId, recordedOn, ...payment } = request.body;
      await assertRecordIdFree(tx, feeReceipts, id);
      const days = await receiptDays(tx, user.tenantId, payment.paidOn, recordedOn);
      const receiptNumber = await issueReceipt(tx, await cashierOf(tx, user), id, studentId, payment, days, null);
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
          .select({ id: feeReceipts.id, status: feeReceipts.status, mode: feeReceipts.mode, studentId: feeReceipts.studentId, receiptNumber: feeReceipts.receiptNumber, recordedOn: feeReceipts.recordedOn })
          .from(feeReceipts)
          .where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)))
          .for('update');
        if (!stored) throw notFound(feeMessages.receiptNotFound);
        if (stored.status === 'cancelled') throw conflict(feeMessages.alreadyCancelled);
        // The money came through the gateway: it goes back the same way (payments' refund).
        if (stored.mode === 'online') throw conflict(paymentMessages.onlineReceiptCorrection);
        const { cancelReason, reissue } = request.body;
        // A correction restates a payment recorded on the corrected receipt's day: its date is
        // back-dated against that day (or its own, if later), not against the day of the correction.
        const restated = reissue?.paidOn && reissue.paidOn > stored.recordedOn ? reissue.paidOn : stored.recordedOn;
        const days = reissue ? await receiptDays(tx, user.tenantId, reissue.paidOn, restated) : undefined;
        await tx
          .update(feeReceipts)
          .set({ status: 'cancelled', cancelledOn: todayIso(), cancelReason, cancelledBy: user.id })
          .where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)));
        let issued = null;
        let message = feeMessages.cancelled(stored.receiptNumber);
        if (reissue && days) {
          const { id: newId = randomUUID(), ...payment } = reissue;
          await assertRecordIdFree(tx, feeReceipts, newId);
          const number = await issueReceipt(tx, await cashierOf(tx, user), newId, stored.studentId, payment, days, id);
          await tx.update(feeReceipts).set({ replacedBy: newId }).where(and(eq(feeReceipts.tenantId, user.tenantId), eq(feeReceipts.id, id)));
          issued = (await repo.receipt(tx, user.tenantId, newId)) ?? null;
          message = feeMessages.corrected(stored.receiptNumber, number);
        }
        return { message, data: { cancelled: await repo.receipt(tx, user.tenantId, id), issued } };
      }),
  );
};
