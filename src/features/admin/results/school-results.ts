/**
 * /admin/results (issue 16): one exam's results across the school, from the mirror's published
 * results: pass percentage and average per class (lowest pass first) and per subject, the school's
 * toppers and how many students got each grade.
 */
import { compareClasses } from '../../../../contract/class-order';
import type { ClassRow, SubjectRow } from '../../../../sync';
import type { ExamRow, ResultRow } from '../../../../sync/modules/exams';

const round = (value: number) => Math.round(value * 10) / 10;

export interface ClassLine {
  klass: ClassRow;
  students: number;
  passed: number;
  passPercent: number;
  average: number;
}

export interface SubjectLine {
  subject: SubjectRow | undefined;
  subjectId: string;
  sat: number;
  passed: number;
  passPercent: number | null;
  /** Marks obtained over the marks possible, in percent; null for a graded-only subject. */
  average: number | null;
}

export interface SchoolResults {
  classes: ClassLine[];
  subjects: SubjectLine[];
  toppers: ResultRow[];
  grades: { grade: string; count: number }[];
}

/** Published exams, the latest publication first. */
export function publishedExams(exams: readonly ExamRow[]): ExamRow[] {
  const latest = (exam: ExamRow) => Object.values(exam.published ?? {}).sort().at(-1) ?? '';
  return exams.filter((exam) => latest(exam) !== '').sort((a, b) => latest(b).localeCompare(latest(a)));
}

export function schoolResults(
  mirror: { results: readonly ResultRow[]; classes: readonly ClassRow[]; subjects: readonly SubjectRow[] },
  exam: Pick<ExamRow, 'id' | 'grading'>,
  toppers = 5,
): SchoolResults {
  const results = mirror.results.filter((row) => row.examId === exam.id);
  const classes: ClassLine[] = [];
  for (const klass of mirror.classes) {
    const ofClass = results.filter((row) => row.classId === klass.id);
    if (ofClass.length === 0) continue;
    const passed = ofClass.filter((row) => row.result === 'pass').length;
    classes.push({ klass, students: ofClass.length, passed, passPercent: round((passed * 100) / ofClass.length), average: round(ofClass.reduce((sum, row) => sum + row.percentage, 0) / ofClass.length) });
  }
  classes.sort((a, b) => a.passPercent - b.passPercent || compareClasses(a.klass, b.klass));

  const bySubject = new Map<string, { sat: number; passed: number; judged: number; marks: number; max: number }>();
  for (const row of results) {
    for (const paper of row.subjects) {
      if (paper.status === 'exempt') continue;
      const line = bySubject.get(paper.subjectId) ?? { sat: 0, passed: 0, judged: 0, marks: 0, max: 0 };
      line.sat += 1;
      if (paper.passed !== null) {
        line.judged += 1;
        if (paper.passed) line.passed += 1;
      }
      if (paper.maxMarks !== null && (paper.status === 'marks' || paper.status === 'absent')) {
        line.marks += paper.marks ?? 0;
        line.max += paper.maxMarks;
      }
      bySubject.set(paper.subjectId, line);
    }
  }
  const subjects: SubjectLine[] = [...bySubject].map(([subjectId, line]) => ({
    subjectId,
    subject: mirror.subjects.find((row) => row.id === subjectId),
    sat: line.sat,
    passed: line.passed,
    passPercent: line.judged === 0 ? null : round((line.passed * 100) / line.judged),
    average: line.max === 0 ? null : round((line.marks * 100) / line.max),
  }));
  subjects.sort((a, b) => (a.subject?.subjectName ?? '').localeCompare(b.subject?.subjectName ?? ''));

  const top = [...results].sort((a, b) => b.percentage - a.percentage || a.studentId.localeCompare(b.studentId)).slice(0, toppers);

  const counts = new Map<string, number>();
  for (const row of results) counts.set(row.grade, (counts.get(row.grade) ?? 0) + 1);
  const order = exam.grading?.bands.map((band) => band.grade) ?? [];
  const grades = [...counts]
    .map(([grade, count]) => ({ grade, count }))
    .sort((a, b) => {
      const ia = order.indexOf(a.grade);
      const ib = order.indexOf(b.grade);
      return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib) || a.grade.localeCompare(b.grade);
    });
  return { classes, subjects, toppers: top, grades };
}
