/**
 * What the exams screens read from the mirror, and who may enter a grid's marks (the server's rule,
 * server/module-kit/teaching.ts canTeachSubject: an admin any; a teacher the class's class teacher or
 * the subject's teacher in it).
 */
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow, ClassSubjectRow, KakshaDb, StudentRow, SubjectRow, TeacherRow } from '../../../sync';
import { examsTable, marksTable, resultsTable, type ExamRow, type MarkRow, type ResultRow } from '../../../sync/modules/exams';
import { classesTable } from '../../../sync/modules/classes';
import { subjectsTable } from '../../../sync/modules/subjects';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { teachersTable } from '../../../sync/modules/teachers';
import { studentsTable } from '../../../sync/modules/students';
import { studentYearsTable } from '../../../sync/modules/years';
import { readSchoolYears } from '../../kit/school-year';
import { classLabel as labelOf } from '../../../contract/class-label';

export interface ExamsMirror {
  exams: ExamRow[];
  classes: ClassRow[];
  subjects: SubjectRow[];
  mapping: ClassSubjectRow[];
  teachers: TeacherRow[];
}

export async function readExamsMirror(db: KakshaDb): Promise<ExamsMirror> {
  const [exams, classes, subjects, mapping, teachers] = await Promise.all([
    db.tableOf(examsTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(classSubjectsTable).toArray(),
    db.tableOf(teachersTable).toArray(),
  ]);
  exams.sort((a, b) => b.academicYear.localeCompare(a.academicYear) || firstDate(a).localeCompare(firstDate(b)) || a.name.localeCompare(b.name));
  classes.sort(compareClasses);
  return { exams, classes, subjects, mapping, teachers };
}

export function firstDate(exam: Pick<ExamRow, 'schedule'>): string {
  return exam.schedule.reduce((min, paper) => (min === '' || paper.date < min ? paper.date : min), '');
}

export function lastDate(exam: Pick<ExamRow, 'schedule'>): string {
  return exam.schedule.reduce((max, paper) => (paper.date > max ? paper.date : max), '');
}

/**
 * One class's students (live on the device) in roll order, then by name: those who sit in it now,
 * or, for an exam of a closed year (`academicYear` "2025-26"), those who sat in it that year.
 */
export async function classStudents(db: KakshaDb, classId: string, academicYear?: string): Promise<StudentRow[]> {
  const year = academicYear ? Number(academicYear.slice(0, 4)) : undefined;
  const closed = year !== undefined && (await readSchoolYears(db)).years.some((one) => one.academicYear === year && one.closed);
  const rows = closed
    ? (await db.tableOf(studentsTable).bulkGet((await db.tableOf(studentYearsTable).where('academicYear').equals(year).toArray()).filter((row) => row.classId === classId).map((row) => row.studentId))).filter((row): row is StudentRow => row !== undefined)
    : await db.tableOf(studentsTable).where('classId').equals(classId).toArray();
  return rows.sort((a, b) => rollOf(a) - rollOf(b) || fullName(a).localeCompare(fullName(b)));
}

/** The roll number as text ('' when none). */
export const rollText = (row: StudentRow): string => (typeof row.rollNumber === 'string' ? row.rollNumber : '');
const rollOf = (row: StudentRow) => (/^\d+$/.test(rollText(row)) ? Number(rollText(row)) : Number.MAX_SAFE_INTEGER);

export const fullName = (row: Pick<StudentRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();

/** The cells of one class in an exam (every subject). */
export function classMarks(db: KakshaDb, examId: string, classId: string): Promise<MarkRow[]> {
  return db.tableOf(marksTable).where('[examId+classId+subjectId]').between([examId, classId, ''], [examId, classId, '\uffff']).toArray();
}

export function classResults(db: KakshaDb, examId: string, classId: string): Promise<ResultRow[]> {
  return db.tableOf(resultsTable).where('[examId+classId]').equals([examId, classId]).toArray();
}

export interface EnterAccess {
  isAdmin: boolean;
  teacherId: string | null;
}

export function mayEnter(access: EnterAccess, classes: readonly ClassRow[], mapping: readonly ClassSubjectRow[], classId: string, subjectId: string): boolean {
  if (access.isAdmin) return true;
  if (!access.teacherId) return false;
  if (classes.some((row) => row.id === classId && row.classTeacherId === access.teacherId)) return true;
  return mapping.some((row) => row.classId === classId && row.subjectId === subjectId && row.teacherId === access.teacherId);
}

export const classLabel = (row: Pick<ClassRow, 'className' | 'classSection'> | undefined) => (row ? labelOf(row.className, row.classSection) : '');
