/**
 * /admin/results: the school's results from the mirror's published results, for one
 * exam or all of a year's exams together: pass percentage and average per class (lowest pass
 * first) and per subject, the school's toppers (over several exams: by their average) and how many
 * results got each grade; and each class across the year's exams side by side.
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

export interface Topper {
  id: string;
  studentId: string;
  classId: string;
  /** One exam's percentage, or the average over the exams the student sat. */
  percentage: number;
  /** One exam's grade; null over several exams. */
  grade: string | null;
  exams: number;
}

export interface SchoolResults {
  classes: ClassLine[];
  subjects: SubjectLine[];
  toppers: Topper[];
  grades: { grade: string; count: number }[];
}

/** Published exams, the latest publication first. */
export function publishedExams(exams: readonly ExamRow[]): ExamRow[] {
  const latest = (exam: ExamRow) => Object.values(exam.published ?? {}).sort().at(-1) ?? '';
  return exams.filter((exam) => latest(exam) !== '').sort((a, b) => latest(b).localeCompare(latest(a)));
}

/** The exams of an academic year, oldest publication first (the order of a term's columns). */
export function examsOfYear(published: readonly ExamRow[], academicYear: string): ExamRow[] {
  return published.filter((exam) => exam.academicYear === academicYear).reverse();
}

/** One exam's figures, or several exams' taken together (every published result of them counted). */
export function schoolResults(
  mirror: { results: readonly ResultRow[]; classes: readonly ClassRow[]; subjects: readonly SubjectRow[] },
  chosen: Pick<ExamRow, 'id' | 'grading'> | readonly Pick<ExamRow, 'id' | 'grading'>[],
  toppers = 5,
): SchoolResults {
  const exams = Array.isArray(chosen) ? (chosen as readonly Pick<ExamRow, 'id' | 'grading'>[]) : [chosen as Pick<ExamRow, 'id' | 'grading'>];
  const ids = new Set(exams.map((exam) => exam.id));
  const results = mirror.results.filter((row) => ids.has(row.examId));
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

  const perStudent = new Map<string, ResultRow[]>();
  for (const row of results) perStudent.set(row.studentId, [...(perStudent.get(row.studentId) ?? []), row]);
  const top: Topper[] = [...perStudent.values()]
    .map((rows) => {
      const latest = rows.at(-1)!;
      const single = rows.length === 1 && exams.length === 1;
      return {
        id: latest.studentId,
        studentId: latest.studentId,
        classId: latest.classId,
        percentage: single ? latest.percentage : round(rows.reduce((sum, row) => sum + row.percentage, 0) / rows.length),
        grade: single ? latest.grade : null,
        exams: rows.length,
      };
    })
    .sort((a, b) => b.percentage - a.percentage || a.studentId.localeCompare(b.studentId))
    .slice(0, toppers);

  const counts = new Map<string, number>();
  for (const row of results) counts.set(row.grade, (counts.get(row.grade) ?? 0) + 1);
  const order = exams.find((exam) => exam.grading)?.grading?.bands.map((band) => band.grade) ?? [];
  const grades = [...counts]
    .map(([grade, count]) => ({ grade, count }))
    .sort((a, b) => {
      const ia = order.indexOf(a.grade);
      const ib = order.indexOf(b.grade);
      return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib) || a.grade.localeCompare(b.grade);
    });
  return { classes, subjects, toppers: top, grades };
}

export interface AcrossCell {
  students: number;
  passPercent: number;
  average: number;
}

export interface AcrossExams {
  exams: ExamRow[];
  /** Classes in the school's order, each with a cell per exam (null: no published result there). */
  rows: { klass: ClassRow; cells: (AcrossCell | null)[] }[];
}

/** Each class's pass percentage and average in each of `exams`, side by side. */
export function acrossExams(mirror: { results: readonly ResultRow[]; classes: readonly ClassRow[] }, exams: readonly ExamRow[]): AcrossExams {
  const groups = new Map<string, { students: number; passed: number; sum: number }>();
  for (const row of mirror.results) {
    const key = `${row.examId}|${row.classId}`;
    const group = groups.get(key) ?? { students: 0, passed: 0, sum: 0 };
    group.students += 1;
    if (row.result === 'pass') group.passed += 1;
    group.sum += row.percentage;
    groups.set(key, group);
  }
  const rows = [...mirror.classes]
    .sort(compareClasses)
    .map((klass) => ({
      klass,
      cells: exams.map((exam) => {
        const group = groups.get(`${exam.id}|${klass.id}`);
        return group ? { students: group.students, passPercent: round((group.passed * 100) / group.students), average: round(group.sum / group.students) } : null;
      }),
    }))
    .filter((row) => row.cells.some((cell) => cell !== null));
  return { exams: [...exams], rows };
}
