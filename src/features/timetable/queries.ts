/** What the timetable screens read from the mirror, in one read. */
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow, ClassSubjectRow, KakshaDb, StudentRow, SubjectRow, TeacherRow } from '../../../sync';
import { teacherAttendanceTable, type TeacherAttendanceRow } from '../../../sync/modules/teacher-attendance';
import {
  periodsTable,
  subjectLimitsTable,
  substitutionsTable,
  timetableTable,
  type PeriodRow,
  type SubjectLimitRow,
  type SubstitutionRow,
  type TimetableEntryRow,
} from '../../../sync/modules/timetable';
import { classesTable } from '../../../sync/modules/classes';
import { subjectsTable } from '../../../sync/modules/subjects';
import { teachersTable } from '../../../sync/modules/teachers';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { studentsTable } from '../../../sync/modules/students';

export interface TimetableMirror {
  periods: PeriodRow[];
  entries: TimetableEntryRow[];
  limits: SubjectLimitRow[];
  substitutions: SubstitutionRow[];
  marks: TeacherAttendanceRow[];
  classes: ClassRow[];
  subjects: SubjectRow[];
  teachers: TeacherRow[];
  mapping: ClassSubjectRow[];
  students: StudentRow[];
}

export async function readTimetableMirror(db: KakshaDb): Promise<TimetableMirror> {
  const [periods, entries, limits, substitutions, marks, classes, subjects, teachers, mapping, students] = await Promise.all([
    db.tableOf(periodsTable).toArray(),
    db.tableOf(timetableTable).toArray(),
    db.tableOf(subjectLimitsTable).toArray(),
    db.tableOf(substitutionsTable).toArray(),
    db.tableOf(teacherAttendanceTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(teachersTable).toArray(),
    db.tableOf(classSubjectsTable).toArray(),
    db.tableOf(studentsTable).toArray(),
  ]);
  return { periods, entries, limits, substitutions, marks, classes: [...classes].sort(compareClasses), subjects, teachers, mapping, students };
}

export const classLabel = (row: Pick<ClassRow, 'className' | 'classSection'> | undefined) => (row ? [row.className, row.classSection].filter(Boolean).join(' ') : '');
export const teacherLabel = (row: Pick<TeacherRow, 'firstName' | 'lastName'> | undefined) => (row ? `${row.firstName} ${row.lastName}`.trim() : '');

/**
 * Names by id, for the grid's cells. A family's device holds no staff records: its teachers' names
 * come from the class mapping, which carries them.
 */
export function namesOf(mirror: TimetableMirror) {
  const classes = new Map(mirror.classes.map((row) => [row.id, classLabel(row)]));
  const subjects = new Map(mirror.subjects.map((row) => [row.id, row.subjectName]));
  const teachers = new Map(mirror.teachers.map((row) => [row.id, teacherLabel(row)]));
  for (const row of mirror.mapping) {
    if (!subjects.has(row.subjectId) && row.subjectName) subjects.set(row.subjectId, row.subjectName);
    if (row.teacherId && !teachers.has(row.teacherId) && row.teacherName) teachers.set(row.teacherId, row.teacherName);
  }
  return { classes, subjects, teachers };
}
export type Names = ReturnType<typeof namesOf>;

/** The device's calendar date, YYYY-MM-DD, and its time, HH:MM. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
export function nowTime(now: Date = new Date()): string {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}
