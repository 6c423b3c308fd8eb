/** Exams on the device: exams with their schedules, marks cells (staff) and published results, their kinds, and the results counted by exam and class. */
import { createExamKind, deleteExamKind, markSheetKind, publishKind, remarkKind, updateExamKind } from '../kinds/exams';
import { defineSyncModule } from '../module-kit';
import { examClassesTable } from '../tables/exam-classes';
import { examsTable, marksTable, resultsTable } from '../tables/exams';

export { examsTable, marksTable, resultsTable, type ExamRow, type MarkRow, type ResultRow } from '../tables/exams';
export { examClassesTable, percentHundredthsOf, type ExamClassRow } from '../tables/exam-classes';

export const examsSync = defineSyncModule({
  name: 'exams',
  tables: [examsTable, marksTable, resultsTable],
  kinds: [createExamKind, updateExamKind, deleteExamKind, markSheetKind, publishKind, remarkKind],
  tallies: [examClassesTable],
});
