/** The timetable on the device: the bell schedule, the entries, the weekly limits, substitutions, and their kinds. */
import { createTimetableEntryKind, deleteTimetableEntryKind, removeSubstitutionKind, replacePeriodsKind, substituteKind, updateTimetableEntryKind } from '../kinds/timetable';
import { defineSyncModule } from '../module-kit';
import { periodsTable, subjectLimitsTable, substitutionsTable, timetableTable } from '../tables/timetable';

export {
  periodsTable,
  subjectLimitsTable,
  substitutionsTable,
  timetableTable,
  type PeriodRow,
  type SubjectLimitRow,
  type SubstitutionRow,
  type TimetableEntryRow,
} from '../tables/timetable';

export const timetableSync = defineSyncModule({
  name: 'timetable',
  tables: [periodsTable, timetableTable, subjectLimitsTable, substitutionsTable],
  kinds: [createTimetableEntryKind, updateTimetableEntryKind, deleteTimetableEntryKind, substituteKind, removeSubstitutionKind, replacePeriodsKind],
});
