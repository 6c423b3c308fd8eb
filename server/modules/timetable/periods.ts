/**
 * The bell schedule and the weekly limits, each read by every signed-in user (a family's device
 * needs the times) and replaced whole by an admin. A period keeps its id across edits, so its
 * entries stay with it; one with entries cannot be removed or made a break (409 naming it).
 * A device's offline change carries the schedule it edited (`base`); when the school's has moved on
 * since, the school keeps its own and the device's goes to record_history, once (module-kit/conflicts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import type { ConflictNotice } from '../../../contract/revisions';
import { dayNames, type Period, periodsAnswerSchema, type PeriodsBase, periodSchema, periodsInputCheckedSchema, subjectLimitSchema, subjectLimitsInputSchema, type TimetableDay, timetableMessages, timetablePaths } from '../../../contract/timetable';
import { subjects } from '../../db/core-tables';
import { timetablePeriods, timetableSubjectLimits } from './tables';
import { AppError, badRequest } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { keepInHistory } from '../../module-kit/conflicts';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList } from '../../module-kit/responses';
import { timetableRepository as repo } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;

/** The record id a school's bell schedule goes by in record_history and conflict notices (a version-8 UUID of the tenant). */
export function periodsRecordId(tenantId: string): string {
  const hex = createHash('sha256').update(`timetable-periods:${tenantId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Whether the school's live periods are still exactly the ones the device edited. */
function sameSchedule(stored: ReadonlyMap<string, Period>, base: PeriodsBase): boolean {
  return stored.size === base.length && base.every(({ id, rev }) => stored.get(id)?.rev === rev);
}

export const timetablePeriodRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(timetablePaths.periods), { config: readers, schema: { response: okList(periodSchema) } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await repo.periods(app.db, tenantOf(request).tenantId)),
  );

  app.put(routeOf(timetablePaths.periods), { config: adminWrite, schema: { response: ok(periodsAnswerSchema), body: periodsInputCheckedSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      await repo.lockSchool(tx, tenantId);
      const schedule = await repo.periods(tx, tenantId);
      const stored = new Map(schedule.map((period) => [period.id, period]));
      const { base } = request.body;
      if (base && !sameSchedule(stored, base)) {
        const user = userOf(request);
        const id = periodsRecordId(tenantId);
        const yours = { periods: request.body.periods };
        await keepInHistory(tx, {
          tenantId,
          entity: 'timetablePeriods',
          recordId: id,
          payload: yours,
          authorUserId: user.id,
          reason: 'changed',
          keptRev: Math.max(0, ...schedule.map((period) => period.rev)),
        });
        const conflict: ConflictNotice<Period[]> = { entity: 'timetablePeriods', id, reason: 'changed', kept: schedule, yours, message: messages.sync.recordChanged };
        return { message: messages.sync.recordChanged, data: { periods: schedule, conflict } };
      }
      const input = request.body.periods.map((period, index) => ({ ...period, index, id: period.id ?? randomUUID() }));

      for (const period of input) {
        if (stored.has(period.id)) continue;
        const used = await repo.periodIdUsed(tx, period.id);
        if (used) throw badRequest(timetableMessages.periodNotFound, { fieldErrors: { [`periods.${period.index}.id`]: [timetableMessages.periodNotFound] } });
      }
      const keptIds = new Set(input.map((period) => period.id));
      const gone = [...stored.values()].filter((period) => !keptIds.has(period.id));
      const toBreak = input.filter((period) => period.kind === 'break' && stored.get(period.id)?.kind === 'teaching');
      const inUse = await repo.entriesInPeriods(tx, tenantId, [...gone, ...toBreak].map((period) => period.id));
      if (inUse.length > 0) {
        const period = stored.get(inUse[0]!.periodId)!;
        throw new AppError(409, timetableMessages.periodInUse(period.name, dayNames[period.day as TimetableDay]), { periodId: period.id });
      }

      const positions = new Map<string, number>();
      for (const day of [1, 2, 3, 4, 5, 6]) {
        input
          .filter((period) => period.day === day)
          .sort((a, b) => a.startTime.localeCompare(b.startTime))
          .forEach((period, index) => positions.set(period.id, index + 1));
      }
      if (gone.length > 0) {
        await tx
          .update(timetablePeriods)
          .set({ deletedAt: sql`now()` })
          .where(and(eq(timetablePeriods.tenantId, tenantId), inArray(timetablePeriods.id, gone.map((period) => period.id))));
      }
      for (const period of input) {
        const values = { day: period.day, position: positions.get(period.id)!, name: period.name, startTime: period.startTime, endTime: period.endTime, kind: period.kind };
        const before = stored.get(period.id);
        if (!before) {
          await tx.insert(timetablePeriods).values({ id: period.id, tenantId, ...values });
        } else if (Object.entries(values).some(([key, value]) => before[key as keyof typeof values] !== value)) {
          await tx.update(timetablePeriods).set(values).where(and(eq(timetablePeriods.tenantId, tenantId), eq(timetablePeriods.id, period.id)));
        }
      }
      return { message: timetableMessages.periodsSaved, data: await repo.periods(tx, tenantId) };
    }),
  );

  app.get(routeOf(timetablePaths.limits), { config: readers, schema: { response: okList(subjectLimitSchema) } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await repo.limits(app.db, tenantOf(request).tenantId)),
  );

  app.put(routeOf(timetablePaths.limits), { config: adminWrite, schema: { response: ok(z.array(subjectLimitSchema)), body: subjectLimitsInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { limits } = request.body;
      const fieldErrors: Record<string, string[]> = {};
      const seen = new Set<string>();
      limits.forEach((limit, index) => {
        if (seen.has(limit.subjectId)) fieldErrors[`limits.${index}.subjectId`] = [timetableMessages.duplicateSubject];
        seen.add(limit.subjectId);
      });
      const live = new Set(
        seen.size === 0
          ? []
          : (
              await tx
                .select({ id: subjects.id })
                .from(subjects)
                .where(and(eq(subjects.tenantId, tenantId), inArray(subjects.id, [...seen]), isNull(subjects.deletedAt)))
            ).map((row) => row.id),
      );
      limits.forEach((limit, index) => {
        if (!live.has(limit.subjectId)) fieldErrors[`limits.${index}.subjectId`] = [messages.subjects.notFound];
      });
      const firstError = Object.values(fieldErrors)[0]?.[0];
      if (firstError) throw badRequest(firstError, { fieldErrors });

      await repo.lockSchool(tx, tenantId);
      const stored = new Map((await repo.limits(tx, tenantId)).map((limit) => [limit.subjectId, limit]));
      for (const limit of limits) {
        const before = stored.get(limit.subjectId);
        if (!before) await tx.insert(timetableSubjectLimits).values({ id: randomUUID(), tenantId, subjectId: limit.subjectId, perWeek: limit.perWeek });
        else if (before.perWeek !== limit.perWeek) await tx.update(timetableSubjectLimits).set({ perWeek: limit.perWeek }).where(eq(timetableSubjectLimits.id, before.id));
      }
      const dropped = [...stored.values()].filter((limit) => !seen.has(limit.subjectId)).map((limit) => limit.id);
      if (dropped.length > 0) await tx.update(timetableSubjectLimits).set({ deletedAt: sql`now()` }).where(inArray(timetableSubjectLimits.id, dropped));
      return { message: timetableMessages.limitsSaved, data: await repo.limits(tx, tenantId) };
    }),
  );
};
