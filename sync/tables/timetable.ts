/** The timetable mirror tables (schema version 4) and their rows, below the kinds that read them (sync/modules/timetable.ts lists them). */
import type { Period, SubjectLimit, Substitution, TimetableEntry } from '../../contract/timetable';
import { mirrorTable } from '../mirror-table';

export type PeriodRow = Period;
export type TimetableEntryRow = TimetableEntry;
export type SubjectLimitRow = SubjectLimit;
export type SubstitutionRow = Substitution;

export const periodsTable = mirrorTable<PeriodRow>()('timetablePeriods', { 4: 'id, day, rev' });
export const timetableTable = mirrorTable<TimetableEntryRow>()('timetable', { 4: 'id, classId, periodId, teacherId, rev' });
export const subjectLimitsTable = mirrorTable<SubjectLimitRow>()('timetableLimits', { 4: 'id, subjectId, rev' });
export const substitutionsTable = mirrorTable<SubstitutionRow>()('timetableSubstitutions', { 4: 'id, date, entryId, teacherId, rev' });
