/**
 * The data of a report card from the device's copy: one exam's published result, or a term-wise
 * card adding up the term's exams by their weights (contract/exam-results.ts termResult); the
 * attendance counted from the student's attendance records of the academic year up to the exam's
 * last paper (present and late count as attended).
 */
import { termResult, type Result, type SubjectResult } from '../../../contract/exam-results';
import { cbseGradingScale } from '../../../contract/exams';
import type { AttendanceRow, StudentRow, SubjectRow } from '../../../sync';
import type { ExamRow } from '../../../sync/modules/exams';
import type { SchoolDetails } from '../../../contract/school';
import type { CardSchool, CardTexts, ReportCardData } from './ReportCard';
import { lastDate, rollText } from './queries';

export function attendanceUpTo(
  rows: readonly Pick<AttendanceRow, 'date' | 'status'>[],
  academicYear: string,
  until: string,
): { present: number; days: number; from: string; until: string } | null {
  const from = `${academicYear.slice(0, 4)}-04-01`;
  const counted = rows.filter((row) => row.date >= from && row.date <= until);
  if (counted.length === 0) return null;
  return { present: counted.filter((row) => row.status === 'present' || row.status === 'late').length, days: counted.length, from, until };
}

/**
 * The school as the card prints it: the device's copy of the school's details when it has one
 * (src/kit/school-copy.ts), else the name from the session, ranks shown as by default.
 */
export function cardSchool(copy: SchoolDetails | null | undefined, sessionName: string): CardSchool & { showRanks: boolean } {
  return {
    name: copy?.schoolName || sessionName,
    address: copy?.address ?? null,
    phoneNumber: copy?.phoneNumber ?? null,
    email: copy?.email ?? null,
    showRanks: copy?.showRanks ?? true,
  };
}

interface CardContext {
  school: CardSchool & { showRanks: boolean };
  student: StudentRow;
  className: string;
  subjects: readonly SubjectRow[];
  attendance: readonly Pick<AttendanceRow, 'date' | 'status'>[];
  /** The card's words in the school's print language (src/kit/print-texts.ts). */
  card: CardTexts;
}

const printed = ({ showRanks: _shown, ...school }: CardContext['school']): CardSchool => school;

function subjectList(ids: readonly string[], subjects: readonly SubjectRow[]) {
  return [...new Set(ids)].map((subjectId) => ({ subjectId, name: subjects.find((row) => row.id === subjectId)?.subjectName ?? '' }));
}

export function examCard(exam: ExamRow, result: Result, context: CardContext): ReportCardData {
  return {
    school: printed(context.school),
    title: `${context.card.title}: ${exam.name}`,
    academicYear: exam.academicYear,
    student: { ...context.student, rollNumber: rollText(context.student) },
    className: context.className,
    subjects: subjectList(result.subjects.map((s) => s.subjectId), context.subjects),
    columns: [{ heading: exam.name, subjects: result.subjects }],
    total: `${result.total} / ${result.maxTotal}`,
    percentage: result.percentage,
    grade: result.grade,
    result: result.result,
    rank: context.school.showRanks ? result.rank : null,
    attendance: attendanceUpTo(context.attendance, exam.academicYear, lastDate(exam)),
    remark: result.remark,
  };
}

/** A term's card: each exam a column, the weighted percentages and grades in a last column. */
export function termCard(parts: readonly { exam: ExamRow; result: Result }[], context: CardContext): ReportCardData | undefined {
  const weighted = termResult(parts.map(({ exam, result }) => ({ exam: { weight: exam.weight, grading: exam.grading ?? cbseGradingScale }, result })));
  const last = parts.at(-1);
  if (!weighted || !last) return undefined;
  const termColumn: SubjectResult[] = weighted.subjects.map((subject) => ({
    subjectId: subject.subjectId,
    gradedOnly: false,
    maxMarks: 100,
    passMarks: null,
    marks: subject.percentage,
    status: subject.percentage === null ? 'exempt' : 'marks',
    grade: subject.grade,
    passed: null,
  }));
  const gradedOnly = last.result.subjects.filter((s) => s.gradedOnly);
  return {
    school: printed(context.school),
    title: context.card.termTitle({ term: last.exam.term }),
    academicYear: last.exam.academicYear,
    student: { ...context.student, rollNumber: rollText(context.student) },
    className: context.className,
    subjects: subjectList(parts.flatMap((part) => part.result.subjects.map((s) => s.subjectId)), context.subjects),
    columns: [...parts.map(({ exam, result }) => ({ heading: exam.name, subjects: result.subjects })), { heading: `${last.exam.term} (%)`, subjects: [...termColumn, ...gradedOnly] }],
    total: `${weighted.percentage.toFixed(2)} / 100`,
    percentage: weighted.percentage,
    grade: weighted.grade,
    result: parts.some((part) => part.result.result === 'fail') ? 'fail' : 'pass',
    rank: null,
    attendance: attendanceUpTo(context.attendance, last.exam.academicYear, lastDate(last.exam)),
    remark: last.result.remark,
    note: context.card.weights({ list: parts.map(({ exam }) => `${exam.name} ${exam.weight}%`).join(', ') }),
  };
}
