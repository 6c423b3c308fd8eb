/**
 * The read behind the classes a teacher may change (kit/taught-classes.ts), without React, so that
 * readers running in one transaction (the teacher's glance, the week's homework) and the bench's
 * bare page call the same rule.
 */
import type { KakshaDb } from '../../sync';
import { classesTable } from '../../sync/modules/classes';
import { classSubjectsTable } from '../../sync/modules/class-subjects';

/** Ids of the classes the teacher is class teacher of or teaches a subject in, read from the mirror. */
export async function classIdsTaughtBy(db: KakshaDb, teacherId: string): Promise<string[]> {
  const [classTeacherOf, subjects] = await Promise.all([
    db.tableOf(classesTable).where('classTeacherId').equals(teacherId).primaryKeys(),
    db.tableOf(classSubjectsTable).where('teacherId').equals(teacherId).toArray(),
  ]);
  return [...new Set([...classTeacherOf, ...subjects.map((row) => row.classId)])];
}
