/**
 * A class's results of an exam, computed from its marks by one function the server runs when it
 * publishes and a device runs for a preview (docs/decisions.md "Exams"):
 * - a marked paper: marks over maximum, the grade of that percentage; absent counts 0 and fails it;
 *   below the pass marks fails it; exempt leaves the paper out of the total and the maximum;
 * - a graded-only paper: its grade, never in the total;
 * - total and maximum over the marked papers, percentage to two decimals, the overall grade of it;
 * - pass when no marked paper is failed; rank by percentage, ties share a rank (1, 2, 2, 4).
 */
import { z } from 'zod';
import { gradeOf, type GradingScale, type Mark, type Paper } from './exams';

export const subjectResultSchema = z.object({
  subjectId: z.string(),
  gradedOnly: z.boolean(),
  maxMarks: z.number().nullable(),
  passMarks: z.number().nullable(),
  /** Marks obtained (absent: 0); null for exempt and graded-only papers. */
  marks: z.number().nullable(),
  status: z.enum(['marks', 'grade', 'absent', 'exempt']),
  grade: z.string().nullable(),
  passed: z.boolean().nullable(),
});
export type SubjectResult = z.infer<typeof subjectResultSchema>;

export const resultSchema = z.object({
  id: z.string(),
  examId: z.string(),
  classId: z.string(),
  studentId: z.string(),
  subjects: z.array(subjectResultSchema),
  total: z.number(),
  maxTotal: z.number(),
  percentage: z.number(),
  grade: z.string(),
  result: z.enum(['pass', 'fail']),
  rank: z.number(),
  /** The class teacher's remark for the report card. */
  remark: z.string(),
  publishedAt: z.string(),
  rev: z.number(),
});
export type Result = z.infer<typeof resultSchema>;

export type ComputedResult = Omit<Result, 'id' | 'examId' | 'classId' | 'remark' | 'publishedAt' | 'rev'>;

type Cell = Pick<Mark, 'studentId' | 'subjectId' | 'marks' | 'grade' | 'absent' | 'exempt'>;

const round2 = (value: number) => Math.round(value * 100) / 100;

function subjectResult(paper: Paper, cell: Cell | undefined, scale: GradingScale): SubjectResult {
  const base = { subjectId: paper.subjectId, gradedOnly: paper.gradedOnly, maxMarks: paper.maxMarks, passMarks: paper.passMarks };
  if (cell?.exempt) return { ...base, marks: null, status: 'exempt', grade: null, passed: null };
  if (paper.gradedOnly) {
    if (cell?.absent) return { ...base, marks: null, status: 'absent', grade: null, passed: null };
    return { ...base, marks: null, status: 'grade', grade: cell?.grade ?? null, passed: null };
  }
  const max = paper.maxMarks ?? 0;
  if (!cell || cell.absent || cell.marks === null) {
    return { ...base, marks: 0, status: 'absent', grade: gradeOf(scale, 0), passed: false };
  }
  return {
    ...base,
    marks: cell.marks,
    status: 'marks',
    grade: gradeOf(scale, max > 0 ? (cell.marks * 100) / max : 0),
    passed: cell.marks >= (paper.passMarks ?? 0),
  };
}

/** Results of the students of one class from the class's papers and marks (ranked among them). */
export function computeResults(papers: Paper[], studentIds: string[], cells: Cell[], scale: GradingScale): Map<string, ComputedResult> {
  const byStudent = new Map<string, Map<string, Cell>>();
  for (const cell of cells) {
    const row = byStudent.get(cell.studentId) ?? new Map<string, Cell>();
    row.set(cell.subjectId, cell);
    byStudent.set(cell.studentId, row);
  }
  const results = new Map<string, ComputedResult>();
  for (const studentId of studentIds) {
    const row = byStudent.get(studentId);
    const subjects = papers.map((paper) => subjectResult(paper, row?.get(paper.subjectId), scale));
    let total = 0;
    let maxTotal = 0;
    for (const subject of subjects) {
      if (subject.gradedOnly || subject.status === 'exempt') continue;
      total += subject.marks ?? 0;
      maxTotal += subject.maxMarks ?? 0;
    }
    const percentage = maxTotal > 0 ? round2((total * 100) / maxTotal) : 0;
    const failed = subjects.some((subject) => subject.passed === false);
    results.set(studentId, { studentId, subjects, total, maxTotal, percentage, grade: gradeOf(scale, percentage), result: failed ? 'fail' : 'pass', rank: 0 });
  }
  const ordered = [...results.values()].sort((a, b) => b.percentage - a.percentage);
  ordered.forEach((result, index) => {
    const previous = ordered[index - 1];
    result.rank = previous && previous.percentage === result.percentage ? previous.rank : index + 1;
  });
  return results;
}

export interface WeightedExam {
  weight: number;
  grading: GradingScale;
}

export interface TermSubject {
  subjectId: string;
  /** The weighted percentage over the exams where the subject was marked (null: none). */
  percentage: number | null;
  grade: string | null;
}

export interface TermResult {
  subjects: TermSubject[];
  percentage: number;
  grade: string;
}

/**
 * A term-wise card: each exam's percentage (per subject and overall) weighted by the exam's weight,
 * over the exams the student has a result of; graded by the scale of the last exam given.
 */
export function termResult(parts: { exam: WeightedExam; result: Pick<Result, 'subjects' | 'percentage'> }[]): TermResult | undefined {
  const counted = parts.filter((part) => part.exam.weight > 0);
  const last = counted.at(-1);
  if (!last) return undefined;
  const scale = last.exam.grading;
  const weightSum = counted.reduce((sum, part) => sum + part.exam.weight, 0);
  const percentage = round2(counted.reduce((sum, part) => sum + part.result.percentage * part.exam.weight, 0) / weightSum);
  const subjectIds = [...new Set(counted.flatMap((part) => part.result.subjects.filter((s) => !s.gradedOnly).map((s) => s.subjectId)))];
  const subjects = subjectIds.map((subjectId): TermSubject => {
    let weighted = 0;
    let weights = 0;
    for (const part of counted) {
      const subject = part.result.subjects.find((s) => s.subjectId === subjectId);
      if (!subject || subject.status === 'exempt' || subject.gradedOnly || !subject.maxMarks) continue;
      weighted += (((subject.marks ?? 0) * 100) / subject.maxMarks) * part.exam.weight;
      weights += part.exam.weight;
    }
    if (weights === 0) return { subjectId, percentage: null, grade: null };
    const subjectPercentage = round2(weighted / weights);
    return { subjectId, percentage: subjectPercentage, grade: gradeOf(scale, subjectPercentage) };
  });
  return { subjects, percentage, grade: gradeOf(scale, percentage) };
}
