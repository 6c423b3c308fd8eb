/** A class's figures for an exam: per subject the average, highest and pass share, and the grade distribution. */
import type { ComputedResult } from '../../../contract/exam-results';
import type { GradingScale, Paper } from '../../../contract/exams';

export interface SubjectFigures {
  subjectId: string;
  average: number | null;
  highest: number | null;
  passPercent: number | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function subjectFigures(papers: readonly Paper[], results: readonly Pick<ComputedResult, 'subjects'>[]): SubjectFigures[] {
  return papers
    .filter((paper) => !paper.gradedOnly)
    .map((paper) => {
      const sat = results.map((result) => result.subjects.find((s) => s.subjectId === paper.subjectId)).filter((s) => s && s.status !== 'exempt' && s.marks !== null);
      if (sat.length === 0) return { subjectId: paper.subjectId, average: null, highest: null, passPercent: null };
      const marks = sat.map((s) => s!.marks ?? 0);
      return {
        subjectId: paper.subjectId,
        average: round1(marks.reduce((sum, value) => sum + value, 0) / marks.length),
        highest: Math.max(...marks),
        passPercent: round1((sat.filter((s) => s!.passed).length * 100) / sat.length),
      };
    });
}

/** How many students have each overall grade, in the scale's order (every grade listed, zero or not). */
export function gradeDistribution(scale: GradingScale, results: readonly Pick<ComputedResult, 'grade'>[]): { grade: string; count: number }[] {
  return scale.bands.map((band) => ({ grade: band.grade, count: results.filter((result) => result.grade === band.grade).length }));
}
