/**
 * Staff attendance (docs/decisions.md "Timetable and teacher attendance"): admins mark a date's sheet
 * and read anyone's; a teacher reads their own rows only. Writes go through runWrite
 * (Idempotency-Key), so a sheet sent twice is applied once.
 */
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { isRealIsoDate, monthlyRegisterSchema, monthOfMonthYear, monthYearParams, teacherAttendanceMessages, teacherAttendancePaths, teacherMarkSheetResultSchema, teacherMarkSheetSchema, teacherSheetQuerySchema, teacherSheetSchema } from '../../../contract/teacher-attendance';
import { AppError, badRequest } from '../../errors';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import type { AuthUser } from '../../types';
import { markTeacherSheet } from './mark-sheet';
import { monthlyRegister } from './register';
import { teacherAttendanceRepository as repo, toTeacherAttendance } from './repository';

const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const staffRead = { access: staffRoles } as const;

/** Admins read everyone; a teacher only their own rows (a teacher account without a teacher record: 403). */
function readableTeacher(user: AuthUser): string | undefined {
  if (user.role === 'admin') return undefined;
  if (!user.teacherId) throw new AppError(403, teacherAttendanceMessages.notYourRecord);
  return user.teacherId;
}

export const teacherAttendanceRoutes: ZodPlugin = async (app) => {
  app.post(
    routeOf(teacherAttendancePaths.markSheet),
    { config: adminWrite, schema: { response: ok(teacherMarkSheetResultSchema), body: teacherMarkSheetSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const result = await markTeacherSheet(tx, userOf(request), request.body);
        const message = result.conflicts.length > 0 ? teacherAttendanceMessages.savedWithConflicts(result.conflicts.length) : teacherAttendanceMessages.saved;
        return { status: 200, message, data: result };
      }),
  );

  app.get(routeOf(teacherAttendancePaths.sheet), { config: staffRead, schema: { response: ok(teacherSheetSchema), querystring: teacherSheetQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    const { date } = request.query;
    if (!isRealIsoDate(date)) throw badRequest(teacherAttendanceMessages.invalidDate, { fieldErrors: { date: [teacherAttendanceMessages.invalidDate] } });
    const only = readableTeacher(user);
    const records = new Map((await repo.between(app.db, user.tenantId, date, date, only)).map((row) => [row.teacherId, toTeacherAttendance(row)]));
    const teachers = (await repo.staff(app.db, user.tenantId, only)).map((member) => ({ ...member, record: records.get(member.teacherId) ?? null }));
    return sendEnvelope(reply, 200, messages.common.ok, { date, teachers });
  });

  app.get(
    routeOf(teacherAttendancePaths.monthly),
    { config: staffRead, schema: { response: ok(monthlyRegisterSchema), params: monthYearParams } },
    async (request, reply) => {
      const user = userOf(request);
      const month = monthOfMonthYear(request.params.monthYear);
      const year = Number(month?.slice(0, 4));
      if (!month || year < 2000 || year > 2100) throw badRequest(teacherAttendanceMessages.monthYear, { fieldErrors: { monthYear: [teacherAttendanceMessages.monthYear] } });
      return sendEnvelope(reply, 200, messages.common.ok, await monthlyRegister(app.db, user.tenantId, month, readableTeacher(user)));
    },
  );
};
