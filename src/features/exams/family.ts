/** What the family's exam screens read: the family's students (own record or the children) with their classes, the exams and the published results. */
import { compareClasses } from '../../../contract/class-order';
import type { KakshaDb } from '../../../sync';
import { examsTable, resultsTable } from '../../../sync/modules/exams';
import { fullName } from './queries';
import { studentsTable } from '../../../sync/modules/students';
import { classesTable } from '../../../sync/modules/classes';
import { subjectsTable } from '../../../sync/modules/subjects';
import { attendanceTable } from '../../../sync/modules/attendance';

export async function readFamilyExams(db: KakshaDb) {
  const [students, classes, subjects, exams, results, attendance] = await Promise.all([
    db.tableOf(studentsTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(examsTable).toArray(),
    db.tableOf(resultsTable).toArray(),
    db.tableOf(attendanceTable).toArray(),
  ]);
  students.sort((a, b) => fullName(a).localeCompare(fullName(b)));
  classes.sort(compareClasses);
  return { students, classes, subjects, exams, results, attendance };
}

export type FamilyExams = Awaited<ReturnType<typeof readFamilyExams>>;
