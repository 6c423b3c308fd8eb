/**
 * Substitution: an absent (or on leave) teacher's periods on a date are uncovered until an admin
 * gives each to a teacher free in that period by the timetable, in school that day, and not already
 * substituting then. The substitution travels to every staff device and to the class's families.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { substitutionInputSchema, substitutionSchema, timetableDayOf, timetableMessages, timetablePaths, type Uncovered, uncoveredQuerySchema, uncoveredSchema } from '../../../contract/timetable';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree } from '../../db/record-ids';
import { teacherAttendance } from '../teacher-attendance/tables';
import { timetableSubstitutions } from './tables';
import { AppError, badRequest, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okDeleted } from '../../module-kit/responses';
import { timetableRepository as repo } from './repository';

const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;

/** Teachers not in school on the date: marked absent or on leave (a half day is in school). */
async function awayOn(db: Db, tenantId: string, date: string): Promise<Set<string>> {
  const rows = await db
    .select({ teacherId: teacherAttendance.teacherId })
    .from(teacherAttendance)
    .where(
      and(
        eq(teacherAttendance.tenantId, tenantId),
        eq(teacherAttendance.date, date),
        inArray(teacherAttendance.status, ['absent', 'leave']),
        isNull(teacherAttendance.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.teacherId));
}

/** Live teachers free in the period on the date (the substitution being replaced does not count). */
async function freeTeachers(db: Db, tenantId: string, date: string, periodId: string, away: Set<string>): Promise<string[]> {
  const busy = new Set<string>();
  for (const entry of await repo.entriesInPeriods(db, tenantId, [periodId])) if (entry.teacherId) busy.add(entry.teacherId);
  for (const substitution of await repo.substitutionsOn(db, tenantId, date)) if (substitution.periodId === periodId) busy.add(substitution.teacherId);
  return (await repo.liveTeacherIds(db, tenantId)).filter((id) => !busy.has(id) && !away.has(id));
}

async function uncovered(db: Db, tenantId: string, date: string): Promise<Uncovered> {
  const day = timetableDayOf(date);
  if (day === null) return { date, day, periods: [] };
  const away = await awayOn(db, tenantId, date);
  if (away.size === 0) return { date, day, periods: [] };
  const periods = (await repo.periods(db, tenantId)).filter((period) => period.day === day);
  const order = new Map(periods.map((period) => [period.id, period.position]));
  const entries = (await repo.entriesInPeriods(db, tenantId, [...order.keys()]))
    .filter((entry) => entry.teacherId !== null && away.has(entry.teacherId))
    .sort((a, b) => order.get(a.periodId)! - order.get(b.periodId)! || a.classId.localeCompare(b.classId));
  const substitutions = new Map((await repo.substitutionsOn(db, tenantId, date)).map((substitution) => [substitution.entryId, substitution]));
  const result: Uncovered['periods'] = [];
  for (const entry of entries) {
    result.push({ entry, substitution: substitutions.get(entry.id) ?? null, freeTeacherIds: await freeTeachers(db, tenantId, date, entry.periodId, away) });
  }
  return { date, day, periods: result };
}

export const substitutionRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(timetablePaths.uncovered), { config: { access: staffRoles }, schema: { response: ok(uncoveredSchema), querystring: uncoveredQuerySchema } }, async (request, reply) => {
    const { date } = request.query;
    return sendEnvelope(reply, 200, messages.common.ok, await uncovered(app.db, tenantOf(request).tenantId, date));
  });

  app.post(routeOf(timetablePaths.substitute), { config: adminWrite, schema: { response: created(substitutionSchema), body: substitutionInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), entryId, date, teacherId } = request.body;
      await repo.lockSchool(tx, tenantId);
      const entry = await repo.entry(tx, tenantId, entryId);
      if (!entry) throw badRequest(timetableMessages.notFound, { fieldErrors: { entryId: [timetableMessages.notFound] } });
      const period = await repo.period(tx, tenantId, entry.periodId);
      if (!period || timetableDayOf(date) !== period.day) throw badRequest(timetableMessages.notOnThatDay, { fieldErrors: { date: [timetableMessages.notOnThatDay] } });
      const away = await awayOn(tx, tenantId, date);
      if (!entry.teacherId || !away.has(entry.teacherId)) throw new AppError(409, timetableMessages.teacherNotAbsent);
      const name = await repo.teacherName(tx, tenantId, teacherId);
      if (!name) throw badRequest(messages.teachers.notFound, { fieldErrors: { teacherId: [messages.teachers.notFound] } });
      if ((await repo.substitutionsOn(tx, tenantId, date)).some((substitution) => substitution.entryId === entryId)) throw new AppError(409, timetableMessages.periodCovered);
      if (away.has(teacherId)) throw new AppError(409, timetableMessages.substituteIsAbsent(name));
      if (!(await freeTeachers(tx, tenantId, date, entry.periodId, away)).includes(teacherId)) throw new AppError(409, timetableMessages.substituteNotFree(name));
      await assertRecordIdFree(tx, timetableSubstitutions, id);
      try {
        await tx.insert(timetableSubstitutions).values({ id, tenantId, entryId, classId: entry.classId, periodId: entry.periodId, date, teacherId, createdBy: user.id });
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError(409, timetableMessages.periodCovered);
        throw error;
      }
      return { status: 201, message: timetableMessages.substituteAssigned, data: await repo.substitution(tx, tenantId, id) };
    }),
  );

  app.delete(
    routeOf(timetablePaths.removeSubstitution),
    { config: adminWrite, schema: { response: okDeleted, params: z.object({ id: z.uuid(timetableMessages.substitutionNotFound) }) } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        if (!(await repo.substitution(tx, tenantId, id))) throw notFound(timetableMessages.substitutionNotFound);
        await tx.update(timetableSubstitutions).set({ deletedAt: sql`now()` }).where(and(eq(timetableSubstitutions.tenantId, tenantId), eq(timetableSubstitutions.id, id)));
        return { message: timetableMessages.substitutionRemoved, data: { id } };
      }),
  );
};

