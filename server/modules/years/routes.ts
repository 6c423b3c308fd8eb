/**
 * The school year's routes (contract/years.ts): its years for everyone signed in, the turnover's
 * dry run, commit and undo for admins, a student's class in each year for staff and the family.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { academicYearLabel } from '../../../contract/admission';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/path-kit';
import { rolloverInputSchema, rolloverPreviewSchema, rolloverResultSchema, schoolYearSchema, studentYearSchema, undoInputSchema, yearMessages, yearPaths, type StudentYear } from '../../../contract/years';
import { classes, students, studentYears } from '../../db/core-tables';
import { AppError, notFound } from '../../errors';
import { canSeeStudent } from '../../module-kit/scope';
import { ok, okEmpty, okList } from '../../module-kit/responses';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { commitRollover } from './commit';
import { currentYearOf } from './current-year';
import { planRollover, previewOf } from './plan';
import { allYears } from './records';
import { undoRollover } from './undo';

const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const studentParams = z.object({ studentId: z.uuid(messages.students.notFound) });

export const yearRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(yearPaths.all), { config: { access: 'signedIn' }, schema: { response: okList(schoolYearSchema) } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await allYears(app.db, tenantOf(request).tenantId));
  });

  app.post(
    routeOf(yearPaths.preview),
    { config: { access: ['admin'], idempotency: 'exempt' }, schema: { body: rolloverInputSchema, response: ok(rolloverPreviewSchema) } },
    async (request, reply) => {
      const plan = await planRollover(app.db, userOf(request).tenantId, request.body);
      return sendEnvelope(reply, 200, messages.common.ok, previewOf(plan));
    },
  );

  app.post(routeOf(yearPaths.rollover), { config: adminWrite, schema: { body: rolloverInputSchema, response: ok(rolloverResultSchema) } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const result = await commitRollover(tx, userOf(request), request.body);
      return { status: 200, message: yearMessages.started(academicYearLabel(result.toYear)), data: result };
    }),
  );

  app.post(routeOf(yearPaths.undo), { config: adminWrite, schema: { body: undoInputSchema, response: okEmpty } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const { undone, current } = await undoRollover(tx, userOf(request).tenantId, request.body.toYear);
      return { status: 200, message: yearMessages.undone(undone, current), data: null };
    }),
  );

  app.get(
    routeOf(yearPaths.student),
    { config: { access: 'signedIn' }, schema: { params: studentParams, response: okList(studentYearSchema) } },
    async (request, reply) => {
      const user = userOf(request);
      const { studentId } = request.params;
      if (!(await canSeeStudent(app.db, user, studentId))) throw new AppError(403, messages.auth.forbidden);
      const [student] = await app.db
        .select({ classId: students.classId, className: classes.className, classSection: classes.classSection })
        .from(students)
        .leftJoin(classes, and(eq(classes.tenantId, students.tenantId), eq(classes.id, students.classId)))
        .where(and(eq(students.tenantId, user.tenantId), eq(students.id, studentId)));
      if (!student) throw notFound(messages.students.notFound);
      const past = await app.db
        .select({ academicYear: studentYears.academicYear, classId: studentYears.classId, className: classes.className, classSection: classes.classSection, outcome: studentYears.outcome })
        .from(studentYears)
        .leftJoin(classes, and(eq(classes.tenantId, studentYears.tenantId), eq(classes.id, studentYears.classId)))
        .where(and(eq(studentYears.tenantId, user.tenantId), eq(studentYears.studentId, studentId), isNull(studentYears.deletedAt)))
        .orderBy(asc(studentYears.academicYear));
      const current = await currentYearOf(app.db, user.tenantId);
      const years: StudentYear[] = [
        { academicYear: current, label: academicYearLabel(current), classId: student.classId, className: student.className, classSection: student.classSection, outcome: null },
        ...past.reverse().map((row) => ({ ...row, label: academicYearLabel(row.academicYear) })),
      ];
      return sendEnvelope(reply, 200, messages.common.ok, years);
    },
  );
};
