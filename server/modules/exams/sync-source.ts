/**
 * Exams, marks and results in the pull. Exams: staff the school's, a family those their classes
 * sit (the schedule is read offline). Marks: staff only (a family sees results, never a grid).
 * Results exist only once published: staff all, a family their own students'.
 */
import { exams, marks, results } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { examRecord, examsVisibleTo, markRecord, marksOfExamsFrom, resultRecord, resultsVisibleTo } from './repository';

export const examSyncSource = defineSyncSource({
  entity: 'exams',
  table: exams,
  where: (scope) => (scope.school ? undefined : scope.classIds.length || scope.formerClassIds.length ? examsVisibleTo(scope) : 'none'),
  records: eachRow(examRecord),
});

export const markSyncSource = defineSyncSource({
  entity: 'marks',
  table: marks,
  // Marks of this year's exams (results, the summaries, travel for every year).
  where: (scope) => (scope.school ? (scope.syncFrom ? marksOfExamsFrom(scope.syncFrom) : undefined) : 'none'),
  records: eachRow(markRecord),
});

export const resultSyncSource = defineSyncSource({
  entity: 'results',
  table: results,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? resultsVisibleTo(scope) : 'none'),
  records: eachRow(resultRecord),
});
