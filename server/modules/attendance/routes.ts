/**
 * Attendance (the first module on the offline engine): mark a class's sheet, read it back, a
 * student's range, a class's month. Staff mark and read classes; students and parents read only
 * their own (or their children's) records. Every write goes through runWrite (Idempotency-Key).
 */
import { z } from 'zod';
import {
  attendanceSheetSchema,
  classSummaryQuerySchema,
  classSummarySchema,
  markSheetResultSchema,
  sheetQuerySchema,
  studentAttendanceSchema,
  studentRangeQuerySchema,
} from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import { badRequest, forbidden, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { canSeeStudent } from '../../module-kit/scope';
import { ok } from '../../module-kit/responses';
import { createWriteCombiner } from '../../module-kit/write-combiner';
import { currentMonth, daysBetween, isRealDate, monthRange } from './dates';
import { assertCanMarkClass } from './permissions';
import { classSheet, classSummary, studentRange } from './reads';
import { attendanceRepository as repo } from './repository';
import { markSheetsWrite } from './mark-sheets-write';

const staffRead = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const maxRangeDays = 366;

function invalid(field: string, message: string) {
  return badRequest(message, { fieldErrors: { [field]: [message] } });
}

export const attendanceRoutes: ZodPlugin = async (app) => {
  const markSheet = createWriteCombiner(markSheetsWrite);
  app.post(
    routeOf(paths.attendance.markSheet),
    { config: { access: markSheetsWrite.access, idempotency: 'runWrite' }, schema: { response: ok(markSheetResultSchema), body: markSheetsWrite.body } },
    (request, reply) => markSheet(request, request.body, reply),
  );

  app.delete(
    routeOf(paths.attendance.remove),
    { config: staffWrite, schema: { response: ok(z.object({ id: z.string(), rev: z.number() })), params: z.object({ id: z.uuid(messages.attendance.notFound) }) } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const record = await repo.liveById(tx, user.tenantId, request.params.id);
        if (!record) throw notFound(messages.attendance.notFound);
        await assertCanMarkClass(tx, user, record.classId);
        const deleted = await repo.softDelete(tx, user.tenantId, record.id);
        return { message: messages.attendance.deleted, data: { id: record.id, rev: Number(deleted?.rev ?? record.rev) } };
      }),
  );

  app.get(routeOf(paths.attendance.sheet), { config: staffRead, schema: { response: ok(attendanceSheetSchema), querystring: sheetQuerySchema } }, async (request, reply) => {
    const tenantId = tenantOf(request).tenantId;
    const { classId, date } = request.query;
    if (!isRealDate(date)) throw invalid('date', messages.attendance.invalidDate);
    if (!(await repo.liveClass(app.db, tenantId, classId))) throw notFound(messages.attendance.classNotFound);
    return sendEnvelope(reply, 200, messages.common.ok, await classSheet(app.db, tenantId, classId, date));
  });

  app.get(
    routeOf(paths.attendance.student),
    {
      config: { access: 'signedIn' },
      schema: { response: ok(studentAttendanceSchema), params: z.object({ studentId: z.uuid(messages.attendance.studentNotFound) }), querystring: studentRangeQuerySchema },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { studentId } = request.params;
      const month = monthRange(currentMonth());
      const from = request.query.from ?? month?.from ?? '';
      const to = request.query.to ?? month?.to ?? '';
      if (!isRealDate(from)) throw invalid('from', messages.attendance.invalidDate);
      if (!isRealDate(to)) throw invalid('to', messages.attendance.invalidDate);
      const days = daysBetween(from, to);
      if (days < 1 || days > maxRangeDays) throw invalid('to', messages.attendance.invalidRange);
      if (!(await canSeeStudent(app.db, user, studentId))) throw forbidden();
      if (!(await repo.liveStudent(app.db, user.tenantId, studentId))) throw notFound(messages.attendance.studentNotFound);
      return sendEnvelope(reply, 200, messages.common.ok, await studentRange(app.db, user.tenantId, studentId, from, to));
    },
  );

  app.get(
    routeOf(paths.attendance.classSummary),
    { config: staffRead, schema: { response: ok(classSummarySchema), querystring: classSummaryQuerySchema } },
    async (request, reply) => {
      const tenantId = tenantOf(request).tenantId;
      const { classId, month } = request.query;
      const range = monthRange(month);
      if (!range) throw invalid('month', messages.attendance.invalidMonth);
      if (!(await repo.liveClass(app.db, tenantId, classId))) throw notFound(messages.attendance.classNotFound);
      return sendEnvelope(reply, 200, messages.common.ok, await classSummary(app.db, tenantId, classId, month, range));
    },
  );
};
