/** The timetable on the device: the bell schedule, the entries, the weekly limits, substitutions, and their kinds. */
import type { Period, SubjectLimit, Substitution, TimetableEntry } from '../../contract/timetable';
import { createTimetableEntryKind, deleteTimetableEntryKind, removeSubstitutionKind, replacePeriodsKind, substituteKind, updateTimetableEntryKind } from '../kinds/timetable';
import { defineSyncModule, mirrorTable } from './module';

export type PeriodRow = Period;
export type TimetableEntryRow = TimetableEntry;
export type SubjectLimitRow = SubjectLimit;
export type SubstitutionRow = Substitution;

export const periodsTable = mirrorTable<PeriodRow>()('timetablePeriods', { 4: 'id, day, rev' });
export const timetableTable = mirrorTable<TimetableEntryRow>()('timetable', { 4: 'id, classId, periodId, teacherId, rev' });
export const subjectLimitsTable = mirrorTable<SubjectLimitRow>()('timetableLimits', { 4: 'id, subjectId, rev' });
export const substitutionsTable = mirrorTable<SubstitutionRow>()('timetableSubstitutions', { 4: 'id, date, entryId, teacherId, rev' });

export const timetableSync = defineSyncModule({
  name: 'timetable',
  tables: [periodsTable, timetableTable, subjectLimitsTable, substitutionsTable],
  kinds: [createTimetableEntryKind, updateTimetableEntryKind, deleteTimetableEntryKind, substituteKind, removeSubstitutionKind, replacePeriodsKind],
});
