/**
 * A teacher's work waiting ("My day"), from the mirror: the homework of the subjects she
 * teaches that fell due in the last week (today included) with how many of the class marked it
 * done, and the marks grids of hers (her class-subject papers of exams not yet published for that
 * class, written by today) that still have empty cells. Her subjects are the class-subject
 * mapping's, the rule the homework and marks screens offer her.
 */
import { compareClasses } from '../../../../contract/class-order';
import type { ClassRow, ClassSubjectRow, KakshaDb, StudentRow } from '../../../../sync';
import { examsTable, marksTable, type ExamRow, type MarkRow } from '../../../../sync/modules/exams';
import { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../../../../sync/modules/homework';
import { classSubjectsTable } from '../../../../sync/modules/class-subjects';

/** A YYYY-MM-DD day moved by `days` (calendar days, UTC arithmetic so no clock shift). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How far back homework stays "to check": a week. */
export const checkDays = 7;

export interface HomeworkToCheck {
  homework: HomeworkRow;
  done: number;
  classSize: number;
}

export interface GridToFinish {
  exam: ExamRow;
  classId: string;
  subjectId: string;
  /** Students with no mark, absence, exemption or grade yet. */
  empty: number;
  classSize: number;
}

export interface TeacherWorkMirror {
  homework: readonly HomeworkRow[];
  done: readonly Pick<HomeworkDoneRow, 'homeworkId' | 'studentId' | 'done'>[];
  students: readonly Pick<StudentRow, 'id' | 'classId'>[];
  mapping: readonly Pick<ClassSubjectRow, 'classId' | 'subjectId' | 'teacherId'>[];
  exams: readonly ExamRow[];
  marks: readonly Pick<MarkRow, 'examId' | 'classId' | 'subjectId' | 'studentId' | 'marks' | 'grade' | 'absent' | 'exempt'>[];
  classes: readonly ClassRow[];
}

const pair = (classId: string, subjectId: string) => `${classId}|${subjectId}`;

function taughtPairs(mapping: TeacherWorkMirror['mapping'], teacherId: string): Set<string> {
  return new Set(mapping.filter((row) => row.teacherId === teacherId).map((row) => pair(row.classId, row.subjectId)));
}

function classSizes(students: TeacherWorkMirror['students']): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const { classId } of students) if (classId) sizes.set(classId, (sizes.get(classId) ?? 0) + 1);
  return sizes;
}

/** Her homework due from a week ago to today, latest due first, with the class's done count. */
export function homeworkToCheck(mirror: Pick<TeacherWorkMirror, 'homework' | 'done' | 'students' | 'mapping'>, teacherId: string, today: string): HomeworkToCheck[] {
  const mine = taughtPairs(mirror.mapping, teacherId);
  const from = addDays(today, -checkDays);
  const sizes = classSizes(mirror.students);
  const classOf = new Map(mirror.students.map((student) => [student.id, student.classId]));
  const rows = mirror.homework.filter((row) => row.dueDate <= today && row.dueDate > from && mine.has(pair(row.classId, row.subjectId)));
  const ids = new Set(rows.map((row) => row.id));
  const done = new Map<string, number>();
  for (const mark of mirror.done) {
    // Only the class's current students count, as on the homework screen.
    if (!mark.done || !ids.has(mark.homeworkId)) continue;
    const homework = rows.find((row) => row.id === mark.homeworkId);
    if (homework && classOf.get(mark.studentId) === homework.classId) done.set(mark.homeworkId, (done.get(mark.homeworkId) ?? 0) + 1);
  }
  return rows
    .map((homework) => ({ homework, done: done.get(homework.id) ?? 0, classSize: sizes.get(homework.classId) ?? 0 }))
    .sort((a, b) => b.homework.dueDate.localeCompare(a.homework.dueDate) || a.homework.title.localeCompare(b.homework.title));
}

/** A cell is filled when it has marks, a grade, an absence or an exemption. */
const filled = (mark: TeacherWorkMirror['marks'][number]) => mark.absent || mark.exempt || mark.marks !== null || mark.grade !== null;

/** Her papers written by today of exams not published for the class, with empty cells; oldest paper first. */
export function gridsToFinish(mirror: Pick<TeacherWorkMirror, 'exams' | 'marks' | 'students' | 'mapping' | 'classes'>, teacherId: string, today: string): GridToFinish[] {
  const mine = taughtPairs(mirror.mapping, teacherId);
  const students = new Map<string, string[]>();
  for (const { id, classId } of mirror.students) if (classId) students.set(classId, [...(students.get(classId) ?? []), id]);
  const filledCells = new Set(mirror.marks.filter(filled).map((mark) => `${mark.examId}|${mark.classId}|${mark.subjectId}|${mark.studentId}`));
  const grids: (GridToFinish & { date: string })[] = [];
  for (const exam of mirror.exams) {
    for (const paper of exam.schedule) {
      if (exam.published?.[paper.classId] || paper.date > today || !mine.has(pair(paper.classId, paper.subjectId))) continue;
      const roll = students.get(paper.classId) ?? [];
      const empty = roll.filter((studentId) => !filledCells.has(`${exam.id}|${paper.classId}|${paper.subjectId}|${studentId}`)).length;
      if (empty > 0) grids.push({ exam, classId: paper.classId, subjectId: paper.subjectId, empty, classSize: roll.length, date: paper.date });
    }
  }
  const classById = new Map(mirror.classes.map((row) => [row.id, row]));
  return grids
    .sort((a, b) => a.date.localeCompare(b.date) || compareClasses(classById.get(a.classId) ?? { className: '' }, classById.get(b.classId) ?? { className: '' }))
    .map(({ date: _date, ...grid }) => grid);
}

/**
 * What the two figures read: her homework of the week (her subjects' only: Riverside's whole week
 * is 91 pieces, each with its class's done marks) and its done marks, the open exams and their
 * marks of her subjects.
 */
export async function readTeacherWork(db: KakshaDb, teacherId: string, today: string): Promise<Omit<TeacherWorkMirror, 'students' | 'classes'>> {
  const mapping = await db.tableOf(classSubjectsTable).where('teacherId').equals(teacherId).toArray();
  const mine = taughtPairs(mapping, teacherId);
  const week = await db.tableOf(homeworkTable).where('dueDate').between(addDays(today, -checkDays), today, false, true).toArray();
  const homework = week.filter((row) => mine.has(pair(row.classId, row.subjectId)));
  const done = homework.length > 0 ? await db.tableOf(homeworkDoneTable).where('homeworkId').anyOf(homework.map((row) => row.id)).toArray() : [];
  const exams = (await db.tableOf(examsTable).toArray()).filter((exam) => exam.schedule.some((paper) => !exam.published?.[paper.classId]));
  const keys = exams.flatMap((exam) =>
    exam.schedule.filter((paper) => !exam.published?.[paper.classId] && mapping.some((row) => row.classId === paper.classId && row.subjectId === paper.subjectId)).map((paper) => [exam.id, paper.classId, paper.subjectId]),
  );
  const marks = keys.length > 0 ? await db.tableOf(marksTable).where('[examId+classId+subjectId]').anyOf(keys).toArray() : [];
  return { mapping, homework, done, exams, marks };
}
