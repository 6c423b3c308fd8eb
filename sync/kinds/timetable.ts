/**
 * Timetable entries as mutation kinds (admins): create with a device-minted id, update with its base
 * rev, delete (record kinds); and a substitute for one period on one date, given and taken back.
 * The device checks clashes against its mirror before it writes (src/features/timetable); the
 * school judges again and refuses a clash with 409, which the sync panel shows.
 * The bell schedule is replaced whole (`timetablePeriods.replace`), based on the schedule the device
 * held: a school whose schedule moved on keeps its own and the device's goes to history.
 */
import type { Period, PeriodInput, PeriodsBase, PeriodsConflict, Substitution, SubstitutionInput, TimetableEntryInput } from '../../contract/timetable';
import { serverRows } from '../mirror';
import { periodsTable, substitutionsTable, timetableTable } from '../tables/timetable';
import type { MutationKind, ServerEffects } from './kind';
import { deleteAnswer, idOf, needsOf, noticeOf, recordKinds, refOf, storedAnswer } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const deletedSchema = lazy((contract) => contract.deletedSchema);
const periodSchema = lazy((contract) => contract.periodSchema);
const periodsAnswerSchema = lazy((contract) => contract.periodsAnswerSchema);
const substitutionSchema = lazy((contract) => contract.substitutionSchema);
const timetableEntryInputSchema = lazy((contract) => contract.timetableEntryInputSchema);
const timetablePaths = lazy((contract) => contract.timetablePaths);

export type TimetableEntryFields = Omit<TimetableEntryInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'timetable', TimetableEntryFields & { id?: string }, TimetableEntryFields & { id: string }>({
  table: 'timetable',
  schema: timetableEntryInputSchema,
  paths: timetablePaths,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.timetableEntrySchema)),
  needs: (values) => needsOf([['classes', values.classId as string], ['subjects', values.subjectId as string]]),
});

export const createTimetableEntryKind = kinds.create;
export const updateTimetableEntryKind = kinds.update;
export const deleteTimetableEntryKind = kinds.remove;

type SubstitutionBody = Required<Pick<SubstitutionInput, 'id'>> & Omit<SubstitutionInput, 'id'>;

export const substituteKind: MutationKind<SubstitutionInput, SubstitutionBody, 'timetableSubstitutions.create', Substitution> = {
  name: 'timetableSubstitutions.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const ref = refOf('timetableSubstitutions', id);
    const body = { id, entryId: input.entryId, date: input.date, teacherId: input.teacherId };
    return { method: 'POST', path: timetablePaths.substitute, body, refs: [ref], creates: [ref], needs: [refOf('timetable', input.entryId)], result: id };
  },
  async apply(context, body, ref) {
    const entry = await context.db.tableOf(timetableTable).get(body.entryId);
    if (!entry) return;
    await context.db.tableOf(substitutionsTable).put({
      id: idOf(ref),
      entryId: body.entryId,
      classId: entry.classId,
      periodId: entry.periodId,
      date: body.date,
      teacherId: body.teacherId,
      rev: 0,
    });
  },
  answer: substitutionSchema,
  accepted: (_body, substitution) => storedAnswer('timetableSubstitutions', substitution),
};

export const removeSubstitutionKind: MutationKind<{ id: string }, undefined, 'timetableSubstitutions.delete', { id: string }> = {
  name: 'timetableSubstitutions.delete',
  async prepare(input) {
    const ref = refOf('timetableSubstitutions', input.id);
    return { method: 'DELETE', path: timetablePaths.removeSubstitution(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    await context.db.tableOf(substitutionsTable).delete(idOf(ref));
  },
  answer: deletedSchema,
  accepted: (_body, answer) => deleteAnswer('timetableSubstitutions', answer),
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

/** The row one ref becomes under this change: the period with its place in the day, or none (removed). */
function periodRow(body: PeriodsReplaceBody, ref: string, current: { rev?: unknown } | undefined): Period | undefined {
  const id = idOf(ref);
  const period = body.periods.find((one) => one.id === id);
  if (!period) return undefined;
  const position =
    body.periods
      .filter((one) => one.day === period.day)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .findIndex((one) => one.id === id) + 1;
  return { ...period, position, rev: typeof current?.rev === 'number' ? current.rev : 0 };
}

export const replacePeriodsKind: MutationKind<{ periods: readonly PeriodDraft[] }, PeriodsReplaceBody, typeof replacePeriodsKindName, Period[] | PeriodsConflict> = {
  name: replacePeriodsKindName,
  async prepare(input, context) {
    const shown = await context.db.tableOf(periodsTable).toArray();
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
    const table = context.db.tableOf(periodsTable);
    const current = await table.get(idOf(ref));
    const row = periodRow(body, ref, current);
    if (row) await table.put(row);
    else await table.delete(idOf(ref));
  },
  answer: periodsAnswerSchema,
  accepted(body, answer) {
    const effects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };
    const rows = Array.isArray(answer) ? answer : answer.periods;
    for (const row of rows) effects.upserts.push({ table: 'timetablePeriods', row });
    const live = new Set(rows.map((row) => row.id));
    for (const id of new Set([...body.periods.map((period) => period.id), ...body.base.map((one) => one.id)])) {
      if (!live.has(id)) effects.deletes.push({ table: 'timetablePeriods', id });
    }
    if (!Array.isArray(answer)) effects.conflicts.push(noticeOf('timetablePeriods', answer.conflict));
    return effects;
  },
  // A change made on top of this device's earlier one, which the school has now taken as it was
  // shown: it is based on the school's new schedule. When the earlier one lost, the school's kept
  // schedule is not what this change was made on, so it stays a conflict.
  rebase(body, applied) {
    const rows = applied.filter(({ table }) => table === 'timetablePeriods').map(({ row }) => periodSchema.safeParse(row));
    const periods = rows.flatMap((row) => (row.success ? [row.data] : []));
    if (periods.length === 0 || periods.length !== rows.length || scheduleOf(periods) !== body.seen) return body;
    return { ...body, base: periods.map((row) => ({ id: row.id, rev: row.rev })) };
  },
};
