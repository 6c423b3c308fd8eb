/** What the family's exam screens read: the family's students (own record or the children) with their classes, the exams and the published results. */
import { compareClasses } from '../../../contract/class-order';
import type { KakshaDb } from '../../../sync';
import { examsTable, resultsTable } from '../../../sync/modules/exams';
import { fullName } from './queries';

export async function readFamilyExams(db: KakshaDb) {
  const [students, classes, subjects, exams, results, attendance] = await Promise.all([
    db.students.toArray(),
    db.classes.toArray(),
    db.subjects.toArray(),
    db.tableOf(examsTable).toArray(),
    db.tableOf(resultsTable).toArray(),
    db.attendance.toArray(),
  ]);
  students.sort((a, b) => fullName(a).localeCompare(fullName(b)));
  classes.sort(compareClasses);
  return { students, classes, subjects, exams, results, attendance };
}

export type FamilyExams = Awaited<ReturnType<typeof readFamilyExams>>;
