/**
 * What the teacher screens read from the mirror: the teachers, each with the classes they teach
 * (class teacher of, from classes.classTeacherId; a subject in, from classSubjects.teacherId).
 */
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow, KakshaDb, TeacherRow } from '../../../sync';
import { teachersTable } from '../../../sync/modules/teachers';
import { classesTable } from '../../../sync/modules/classes';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classLabel as labelOf } from '../../../contract/class-label';

export function classLabel(row: Pick<ClassRow, 'className' | 'classSection'>): string {
  return labelOf(row.className, row.classSection);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface TaughtClass {
  id: string;
  label: string;
  classTeacher: boolean;
}

export interface TeacherView {
  id: string;
  row: TeacherRow;
  employeeId: string;
  name: string;
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber: string;
  subjects: string;
  classes: TaughtClass[];
}

export async function teacherList(db: KakshaDb): Promise<TeacherView[]> {
  const [teachers, classes, classSubjects] = await Promise.all([db.tableOf(teachersTable).toArray(), db.tableOf(classesTable).toArray(), db.tableOf(classSubjectsTable).toArray()]);
  classes.sort(compareClasses);
  const byTeacher = new Map<string, Map<string, TaughtClass>>();
  const taught = (teacherId: string) => {
    let entry = byTeacher.get(teacherId);
    if (!entry) byTeacher.set(teacherId, (entry = new Map()));
    return entry;
  };
  const teachersOfClass = new Map<string, Set<string>>();
  for (const row of classSubjects) {
    if (!row.teacherId) continue;
    const set = teachersOfClass.get(row.classId) ?? new Set<string>();
    set.add(row.teacherId);
    teachersOfClass.set(row.classId, set);
  }
  // Walking the classes in school order keeps each teacher's list in that order.
  for (const schoolClass of classes) {
    const label = classLabel(schoolClass);
    if (schoolClass.classTeacherId) taught(schoolClass.classTeacherId).set(schoolClass.id, { id: schoolClass.id, label, classTeacher: true });
    for (const teacherId of teachersOfClass.get(schoolClass.id) ?? []) {
      const entry = taught(teacherId);
      if (!entry.has(schoolClass.id)) entry.set(schoolClass.id, { id: schoolClass.id, label, classTeacher: false });
    }
  }
  return teachers
    .map(
      (row): TeacherView => ({
        id: row.id,
        row,
        employeeId: text(row.employeeId),
        name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        firstName: row.firstName,
        lastName: row.lastName,
        emailId: text(row.emailId),
        phoneNumber: text(row.phoneNumber),
        subjects: text(row.subjects),
        classes: [...(byTeacher.get(row.id)?.values() ?? [])],
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));
}
