/**
 * Timetable entries (docs/decisions.md "Timetable and teacher attendance"): every signed-in user reads what
 * their scope covers (staff the school's, a family their classes'); admins place, move and remove
 * entries. Each write holds the school's timetable lock, checks the placement (placement.ts) and
 * answers a clash with 409 naming the other class.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import { timetableEntryInputSchema, timetableEntrySchema, timetableListQuerySchema, timetableMessages, timetablePaths } from '../../../contract/timetable';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { timetableEntries } from './tables';
import { AppError, badRequest, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList } from '../../module-kit/responses';
import { readScopeOf } from '../../module-kit/scope';
import { checkPlacement, overLimitWarning } from './placement';
import { timetableRepository as repo } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(timetableMessages.notFound) });

/** A unique index of 0013 caught what the locked check could not see (never expected). */
function clashFromIndex(error: unknown): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === 'timetable_entries_pkey') return recordIdTaken();
  if (constraint?.startsWith('timetable_entries_')) return new AppError(409, timetableMessages.slotTaken('another class'));
  return undefined;
}

const withWarning = (message: string, warning: string | undefined) => (warning ? `${message} ${warning}` : message);

export const timetableEntryRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(timetablePaths.all), { config: readers, schema: { response: okList(timetableEntrySchema), querystring: timetableListQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.entries(app.db, user.tenantId, await readScopeOf(app.db, user), request.query));
  });

  app.get(routeOf(timetablePaths.one), { config: readers, schema: { response: ok(timetableEntrySchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.entry(app.db, user.tenantId, request.params.id, await readScopeOf(app.db, user));
    if (!found) throw notFound(timetableMessages.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(timetablePaths.create), { config: adminWrite, schema: { response: created(timetableEntrySchema), body: timetableEntryInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), classId, periodId, subjectId, teacherId, room } = request.body;
      await repo.lockSchool(tx, tenantId);
      const teacher = await checkPlacement(tx, tenantId, { classId, periodId, subjectId, teacherId, room });
      await assertRecordIdFree(tx, timetableEntries, id);
      try {
        await tx.insert(timetableEntries).values({ id, tenantId, classId, periodId, subjectId, teacherId: teacher, room, createdBy: user.id });
      } catch (error) {
        throw clashFromIndex(error) ?? error;
      }
      const warning = await overLimitWarning(tx, tenantId, { id, classId, subjectId });
      return { status: 201, message: withWarning(timetableMessages.added, warning), data: await repo.entry(tx, tenantId, id) };
    }),
  );

  app.put(
    routeOf(timetablePaths.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(timetableEntrySchema)), params: idParams, body: timetableEntryInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { classId, periodId, subjectId, teacherId, room, baseRev } = request.body;
        await repo.lockSchool(tx, tenantId);
        const kept = () => repo.entry(tx, tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'timetable', table: timetableEntries, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        const stored = await repo.entry(tx, tenantId, id);
        if (!stored) throw notFound(timetableMessages.notFound);
        // A family's devices hold their classes' entries only: moving one would leave copies behind.
        if (classId !== stored.classId) throw badRequest(timetableMessages.classFixed, { fieldErrors: { classId: [timetableMessages.classFixed] } });
        const teacher = await checkPlacement(tx, tenantId, { id, classId, periodId, subjectId, teacherId, room });
        try {
          await tx
            .update(timetableEntries)
            .set({ periodId, subjectId, teacherId: teacher, room })
            .where(and(eq(timetableEntries.tenantId, tenantId), eq(timetableEntries.id, id), isNull(timetableEntries.deletedAt)));
        } catch (error) {
          throw clashFromIndex(error) ?? error;
        }
        // Substitutions were for the entry's old period and teacher.
        if (periodId !== stored.periodId || teacher !== stored.teacherId) await repo.removeSubstitutionsOfEntry(tx, tenantId, id);
        const warning = await overLimitWarning(tx, tenantId, { id, classId, subjectId });
        return { message: withWarning(timetableMessages.updated, warning), data: await repo.entry(tx, tenantId, id) };
      }),
  );

  app.delete(routeOf(timetablePaths.remove), { config: adminWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      await repo.lockSchool(tx, tenantId);
      if (!(await repo.entry(tx, tenantId, id))) throw notFound(timetableMessages.notFound);
      await repo.removeSubstitutionsOfEntry(tx, tenantId, id);
      await tx.update(timetableEntries).set({ deletedAt: sql`now()` }).where(and(eq(timetableEntries.tenantId, tenantId), eq(timetableEntries.id, id)));
      return { message: timetableMessages.deleted, data: { id } };
    }),
  );
};
