/** The exams mirror tables (schema version 4) and their rows, below the kinds that read them (sync/modules/exams.ts lists them). */
import type { Result } from '../../contract/exam-results';
import type { Exam, Mark } from '../../contract/exams';
import { mirrorTable } from '../mirror-table';

/** An exam as the mirror holds it; one added on this device has no scale or publication until the school answers. */
export type ExamRow = Omit<Exam, 'grading' | 'published'> & Partial<Pick<Exam, 'grading' | 'published'>>;
export type MarkRow = Mark;
export type ResultRow = Result;

export const examsTable = mirrorTable<ExamRow>()('exams', { 4: 'id, academicYear, rev' });
export const marksTable = mirrorTable<MarkRow>()('marks', {
  4: 'id, [examId+classId+subjectId], [examId+subjectId+studentId], studentId, rev',
});
export const resultsTable = mirrorTable<ResultRow>()('results', { 4: 'id, examId, studentId, [examId+classId], rev' });
