/**
 * What the homework screens read from the mirror and the rules they show: who may give homework
 * for a class and subject (the server's rule: an admin any; a teacher the class's teacher or the
 * subject's teacher in that class, and the class must take the subject), and where a homework
 * stands against today (overdue, due today, due later).
 */
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow, ClassSubjectRow, KakshaDb, StudentRow, SubjectRow } from '../../../sync';
import { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../../../sync/modules/homework';
import { classesTable } from '../../../sync/modules/classes';
import { subjectsTable } from '../../../sync/modules/subjects';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { studentsTable } from '../../../sync/modules/students';

export interface GiverAccess {
  isAdmin: boolean;
  teacherId: string | null;
}

/** The subjects a class takes (its mapping), by subject id. */
export function subjectIdsOfClass(mapping: readonly ClassSubjectRow[], classId: string): Set<string> {
  return new Set(mapping.filter((row) => row.classId === classId).map((row) => row.subjectId));
}

/** Whether the signed-in staff member may give (and change) homework for this class and subject. */
export function mayGive(
  access: GiverAccess,
  classes: readonly ClassRow[],
  mapping: readonly ClassSubjectRow[],
  classId: string,
  subjectId: string,
): boolean {
  if (!subjectIdsOfClass(mapping, classId).has(subjectId)) return false;
  if (access.isAdmin) return true;
  if (!access.teacherId) return false;
  if (classes.some((row) => row.id === classId && row.classTeacherId === access.teacherId)) return true;
  return mapping.some((row) => row.classId === classId && row.subjectId === subjectId && row.teacherId === access.teacherId);
}

/** The classes a staff member may give homework to: every class for an admin, else the ones with a subject they may give. */
export function classesToGive(access: GiverAccess, classes: readonly ClassRow[], mapping: readonly ClassSubjectRow[]): ClassRow[] {
  return [...classes]
    .filter((row) => mapping.some((pair) => pair.classId === row.id && mayGive(access, classes, mapping, row.id, pair.subjectId)))
    .sort(compareClasses);
}

export type DueState = 'overdue' | 'today' | 'later';

export function dueState(dueDate: string, today: string): DueState {
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'today' : 'later';
}

/** Due soon first (today, then later by date), then the overdue ones, the most recently due first. */
export function compareForStudent(today: string) {
  return (a: Pick<HomeworkRow, 'dueDate' | 'title'>, b: Pick<HomeworkRow, 'dueDate' | 'title'>): number => {
    const aPast = a.dueDate < today;
    const bPast = b.dueDate < today;
    if (aPast !== bPast) return aPast ? 1 : -1;
    const byDate = aPast ? b.dueDate.localeCompare(a.dueDate) : a.dueDate.localeCompare(b.dueDate);
    return byDate || a.title.localeCompare(b.title);
  };
}

/** The device's calendar date, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export { weekCounts, weekOf } from '../../kit/homework-week';

export interface HomeworkMirror {
  homework: HomeworkRow[];
  done: HomeworkDoneRow[];
  classes: ClassRow[];
  subjects: SubjectRow[];
  mapping: ClassSubjectRow[];
  students: StudentRow[];
}

export async function readHomeworkMirror(db: KakshaDb): Promise<HomeworkMirror> {
  const [homework, done, classes, subjects, mapping, students] = await Promise.all([
    db.tableOf(homeworkTable).toArray(),
    db.tableOf(homeworkDoneTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(classSubjectsTable).toArray(),
    db.tableOf(studentsTable).toArray(),
  ]);
  return { homework, done, classes, subjects, mapping, students };
}

/** `studentId|homeworkId` of every mark that says done. */
export function doneKeys(done: readonly HomeworkDoneRow[]): Set<string> {
  return new Set(done.filter((mark) => mark.done).map((mark) => `${mark.studentId}|${mark.homeworkId}`));
}
