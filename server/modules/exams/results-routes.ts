/**
 * Published results: staff read the school's, a family their own students' (GET /api/results/all);
 * the class teacher or an admin writes a student's report card remark.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { resultSchema } from '../../../contract/exam-results';
import { remarkInputSchema, resultListQuerySchema, resultMessages, resultPaths } from '../../../contract/exams';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { classes } from '../../db/core-tables';
import { results } from './tables';
import { AppError, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList } from '../../module-kit/responses';
import { readScopeOf } from '../../module-kit/scope';
import { resultRecord, resultsVisibleTo } from './repository';

const idParams = z.object({ id: z.uuid(resultMessages.notFound) });

export const resultRoutes: ZodPlugin = async (app) => {
  app.get(
    routeOf(resultPaths.all),
    { config: { access: 'signedIn' }, schema: { response: okList(resultSchema), querystring: resultListQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { examId, classId, studentId } = request.query;
      const rows = await app.db
        .select()
        .from(results)
        .where(
          and(
            eq(results.tenantId, user.tenantId),
            isNull(results.deletedAt),
            resultsVisibleTo(await readScopeOf(app.db, user)),
            examId ? eq(results.examId, examId) : undefined,
            classId ? eq(results.classId, classId) : undefined,
            studentId ? eq(results.studentId, studentId) : undefined,
          ),
        )
        .orderBy(asc(results.rank), asc(results.studentId));
      return sendEnvelope(reply, 200, messages.common.ok, rows.map(resultRecord));
    },
  );

  app.put(
    routeOf(resultPaths.remark),
    { config: { access: staffRoles, idempotency: 'runWrite' }, schema: { response: ok(resultSchema), params: idParams, body: remarkInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const [stored] = await tx
          .select({ classId: results.classId, classTeacherId: classes.classTeacherId })
          .from(results)
          .innerJoin(classes, and(eq(classes.tenantId, results.tenantId), eq(classes.id, results.classId)))
          .where(and(eq(results.tenantId, tenantId), eq(results.id, request.params.id), isNull(results.deletedAt)))
          .for('update', { of: results });
        if (!stored) throw notFound(resultMessages.notFound);
        if (user.role !== 'admin' && (!user.teacherId || stored.classTeacherId !== user.teacherId)) throw new AppError(403, resultMessages.notYourClass);
        const [row] = await tx
          .update(results)
          .set({ remark: request.body.remark })
          .where(and(eq(results.tenantId, tenantId), eq(results.id, request.params.id)))
          .returning();
        return { message: resultMessages.remarkSaved, data: resultRecord(row!) };
      }),
  );
};
