/**
 * Timetable entries as mutation kinds (admins): create with a device-minted id, update with its base
 * rev, delete (record kinds); and a substitute for one period on one date, given and taken back.
 * The device checks clashes against its mirror before it writes (src/features/timetable); the
 * school judges again and refuses a clash with 409, which the sync panel shows.
 */
import { paths } from '../../contract/paths';
import { timetableEntryInputSchema, type SubstitutionInput, type TimetableEntryInput } from '../../contract/timetable';
import { deleteAnswer, idOf, needsOf, recordAnswer, recordKinds, refOf } from './records';
import type { MutationKind } from './kind';

export type TimetableEntryFields = Omit<TimetableEntryInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'timetable', TimetableEntryFields & { id?: string }, TimetableEntryFields & { id: string }>({
  table: 'timetable',
  schema: timetableEntryInputSchema,
  paths: paths.timetable,
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
    return { method: 'POST', path: paths.timetable.substitute, body, refs: [ref], creates: [ref], needs: [refOf('timetable', input.entryId)], result: id };
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
    return { method: 'DELETE', path: paths.timetable.removeSubstitution(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    await context.db.mirror('timetableSubstitutions').delete(idOf(ref));
  },
  accepted: (_body, data) => deleteAnswer('timetableSubstitutions', data),
};
