/**
 * Timetable entries as mutation kinds (admins): create with a device-minted id, update with its base
 * rev, delete (record kinds); and a substitute for one period on one date, given and taken back.
 * The device checks clashes against its mirror before it writes (src/features/timetable); the
 * school judges again and refuses a clash with 409, which the sync panel shows.
 * The bell schedule is replaced whole (`timetablePeriods.replace`), based on the schedule the device
 * held: a school whose schedule moved on keeps its own and the device's goes to history.
 */
import type { ConflictNotice } from '../../contract/sync';
import { type Period, type PeriodInput, type PeriodsBase, type SubstitutionInput, type TimetableEntryInput, timetableEntryInputSchema, timetablePaths } from '../../contract/timetable';
import { serverRows } from '../mirror';
import { deleteAnswer, idOf, needsOf, recordAnswer, recordKinds, refOf } from './records';
import { isRecord, type MutationKind, type ServerEffects } from './kind';

export type TimetableEntryFields = Omit<TimetableEntryInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'timetable', TimetableEntryFields & { id?: string }, TimetableEntryFields & { id: string }>({
  table: 'timetable',
  schema: timetableEntryInputSchema,
  paths: timetablePaths,
  needs: (values) => needsOf([['classes', values.classId as string], ['subjects', values.subjectId as string]]),
});

export const createTimetableEntryKind = kinds.create;
export const updateTimetableEntryKind = kinds.update;
export const deleteTimetableEntryKind = kinds.remove;

type SubstitutionBody = Required<Pick<SubstitutionInput, 'id'>> & Omit<SubstitutionInput, 'id'>;

export const substituteKind: MutationKind<SubstitutionInput, SubstitutionBody, 'timetableSubstitutions.create'> = {
  name: 'timetableSubstitutions.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const ref = refOf('timetableSubstitutions', id);
    const body = { id, entryId: input.entryId, date: input.date, teacherId: input.teacherId };
    return { method: 'POST', path: timetablePaths.substitute, body, refs: [ref], creates: [ref], needs: [refOf('timetable', input.entryId)], result: id };
  },
  async apply(context, body, ref) {
    const entry = await context.db.mirror('timetable').get(body.entryId);
    if (!entry) return;
    await context.db.mirror('timetableSubstitutions').put({
      id: idOf(ref),
      entryId: body.entryId,
      classId: entry.classId,
      periodId: entry.periodId,
      date: body.date,
      teacherId: body.teacherId,
      rev: 0,
    });
  },
  accepted: (_body, data) => recordAnswer('timetableSubstitutions', data),
};

export const removeSubstitutionKind: MutationKind<{ id: string }, undefined, 'timetableSubstitutions.delete'> = {
  name: 'timetableSubstitutions.delete',
  async prepare(input) {
    const ref = refOf('timetableSubstitutions', input.id);
    return { method: 'DELETE', path: timetablePaths.removeSubstitution(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    await context.db.mirror('timetableSubstitutions').delete(idOf(ref));
  },
  accepted: (_body, data) => deleteAnswer('timetableSubstitutions', data),
};

/** A period as the editor sends it: an existing one keeps its id, a new one gets one on the device. */
export type PeriodDraft = Omit<PeriodInput, 'id'> & { id?: string };

export interface PeriodsReplaceBody {
  periods: (Omit<PeriodInput, 'id'> & { id: string })[];
  /** The school's schedule as the device held it (`contract/timetable.ts` periodsBaseSchema). */
  base: PeriodsBase;
  /** The schedule shown when the change was made (device only, the school ignores it): see `rebase`. */
  seen: string;
}

export const replacePeriodsKindName = 'timetablePeriods.replace' as const;
const periodsPrefix = 'timetablePeriods:';

/** The content of a schedule, ids included and revs left out, in one string. */
function scheduleOf(periods: readonly Pick<Period, 'id' | 'day' | 'name' | 'startTime' | 'endTime' | 'kind'>[]): string {
  return JSON.stringify(
    [...periods].sort((a, b) => (a.id < b.id ? -1 : 1)).map(({ id, day, name, startTime, endTime, kind }) => [id, day, name, startTime, endTime, kind]),
  );
}

function isPeriod(value: unknown): value is Period {
  return isRecord(value) && typeof value.id === 'string' && typeof value.day === 'number' && typeof value.rev === 'number';
}

/** The row one ref becomes under this change: the period with its place in the day, or none (removed). */
function periodRow(body: PeriodsReplaceBody, ref: string, current: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const id = idOf(ref);
  const period = body.periods.find((one) => one.id === id);
  if (!period) return undefined;
  const position =
    body.periods
      .filter((one) => one.day === period.day)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .findIndex((one) => one.id === id) + 1;
  const row: Period = { ...period, position, rev: typeof current?.rev === 'number' ? current.rev : 0 };
  return row as unknown as Record<string, unknown>;
}

export const replacePeriodsKind: MutationKind<{ periods: readonly PeriodDraft[] }, PeriodsReplaceBody, typeof replacePeriodsKindName> = {
  name: replacePeriodsKindName,
  async prepare(input, context) {
    const shown = (await context.db.mirror('timetablePeriods').toArray()) as unknown as Period[];
    // The school's schedule under the device's pending changes: shown rows' school copies, and
    // rows a pending change removed (their school copy waits in `base`).
    const pendingRemoved = (await context.db.base.where('ref').startsWith(periodsPrefix).toArray()).map((row) => String(row.ref));
    const refs = [...new Set([...shown.map((row) => refOf('timetablePeriods', row.id)), ...pendingRemoved])];
    const school = await serverRows(context.db, refs, context.reads);
    const base: PeriodsBase = [];
    for (const [ref, row] of school) if (row && typeof row.rev === 'number' && row.rev > 0) base.push({ id: idOf(ref), rev: row.rev });
    const periods = input.periods.map(({ id, day, name, startTime, endTime, kind }) => ({ id: id ?? context.newId(), day, name, startTime, endTime, kind }));
    const bodyRefs = periods.map((period) => refOf('timetablePeriods', period.id));
    const known = new Set(base.map((one) => one.id));
    return {
      method: 'PUT',
      path: timetablePaths.periods,
      body: { periods, base, seen: scheduleOf(shown) },
      refs: [...new Set([...bodyRefs, ...refs])],
      creates: periods.filter((period) => !known.has(period.id)).map((period) => refOf('timetablePeriods', period.id)),
      coalesceKey: replacePeriodsKindName,
    };
  },
  // A later edit while the first waits replaces its schedule; the base stays the first's.
  merge: (earlier, later) => ({ ...later, base: earlier.base, seen: earlier.seen }),
  overlay: (_identity, body, ref, current) => periodRow(body, ref, current),
  async apply(context, body, ref) {
    const table = context.db.mirror('timetablePeriods');
    const current = await table.get(idOf(ref));
    const row = periodRow(body, ref, current as unknown as Record<string, unknown> | undefined);
    if (row) await table.put(row as unknown as Period);
    else await table.delete(idOf(ref));
  },
  accepted(body, data) {
    const effects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };
    const kept = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.periods) ? data.periods : [];
    const rows = kept.filter(isPeriod);
    for (const row of rows) effects.upserts.push({ table: 'timetablePeriods', row: row as unknown as Record<string, unknown> });
    const live = new Set(rows.map((row) => row.id));
    for (const id of new Set([...body.periods.map((period) => period.id), ...body.base.map((one) => one.id)])) {
      if (!live.has(id)) effects.deletes.push({ table: 'timetablePeriods', id });
    }
    if (isRecord(data) && isRecord(data.conflict)) effects.conflicts.push(data.conflict as unknown as ConflictNotice);
    return effects;
  },
  // A change made on top of this device's earlier one, which the school has now taken as it was
  // shown: it is based on the school's new schedule. When the earlier one lost, the school's kept
  // schedule is not what this change was made on, so it stays a conflict.
  rebase(body, applied) {
    const rows = applied.filter(({ table }) => table === 'timetablePeriods').map(({ row }) => row as unknown);
    const periods = rows.filter(isPeriod);
    if (periods.length === 0 || periods.length !== rows.length || scheduleOf(periods) !== body.seen) return body;
    return { ...body, base: periods.map((row) => ({ id: row.id, rev: row.rev })) };
  },
};
