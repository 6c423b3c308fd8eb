/**
 * Student writes with their rules: the class must be one of the school's, the admission id unique,
 * a teacher may only touch students of the classes they teach (before and after the change), and
 * family accounts follow the e-mails on the record. Used by the student and admission routes.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '../../../contract/messages';
import type { School } from '../../../contract/school';
import type { Student } from '../../../contract/student';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { students } from '../../db/core-tables';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthUser } from '../../types';
import { linkStudentAccounts, unlinkDeletedStudent } from '../accounts/links';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import { liveClass, studentRepository as repo, type StudentFields, type StudentRow } from './repository';

async function checkClass(tx: Db, tenantId: string, classId: string | null): Promise<void> {
  if (classId && !(await liveClass(tx, tenantId, classId))) {
    throw badRequest(messages.classes.notFound, { fieldErrors: { classId: [messages.classes.notFound] } });
  }
}

async function checkAdmissionId(tx: Db, tenantId: string, admissionId: string | null, exceptId?: string): Promise<void> {
  if (admissionId && (await repo.admissionIdTaken(tx, tenantId, admissionId, exceptId))) {
    throw conflict(messages.students.duplicateAdmissionId, { fieldErrors: { admissionId: [messages.students.duplicateAdmissionId] } });
  }
}

/** Unique violations that race past the checks above become the same 409s. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'students_admission_id_key') throw conflict(messages.students.duplicateAdmissionId);
    if (constraint === 'students_pkey') throw recordIdTaken();
    throw error;
  }
}

export async function createStudent(
  tx: Db,
  school: School,
  user: AuthUser,
  input: StudentFields & { id?: string },
): Promise<Student> {
  const { id = randomUUID(), ...fields } = input;
  await assertCanTeachClasses(tx, user, [fields.classId], messages.students.notYourClass);
  await checkClass(tx, school.tenantId, fields.classId);
  await checkAdmissionId(tx, school.tenantId, fields.admissionId);
  await assertRecordIdFree(tx, students, id);
  await guarded(() => repo.insert(tx, school.tenantId, id, fields));
  await linkStudentAccounts(tx, school.tenantId, { id, emailId: fields.emailId, parentEmail: fields.parentEmail });
  const created = await repo.one(tx, school.tenantId, school.schoolName, id);
  if (!created) throw new Error('student vanished after insert');
  return created;
}

export async function updateStudent(
  tx: Db,
  school: School,
  user: AuthUser,
  id: string,
  fields: StudentFields,
): Promise<Student> {
  const current = await repo.rowForUpdate(tx, school.tenantId, id);
  if (!current) throw notFound(messages.students.notFound);
  await assertCanTeachClasses(tx, user, [current.classId, fields.classId], messages.students.notYourClass);
  await checkClass(tx, school.tenantId, fields.classId);
  await checkAdmissionId(tx, school.tenantId, fields.admissionId, id);
  await guarded(() => repo.update(tx, school.tenantId, id, fields));
  await linkStudentAccounts(tx, school.tenantId, { id, emailId: fields.emailId, parentEmail: fields.parentEmail }, current);
  const updated = await repo.one(tx, school.tenantId, school.schoolName, id);
  if (!updated) throw notFound(messages.students.notFound);
  return updated;
}

/** The live student, once the user may change them: a teacher only students of the classes they teach. */
export async function changeableStudent(tx: Db, user: AuthUser, id: string): Promise<StudentRow | undefined> {
  const current = await repo.rowForUpdate(tx, user.tenantId, id);
  if (current) await assertCanTeachClasses(tx, user, [current.classId], messages.students.notYourClass);
  return current;
}

/** Tombstones the student and unlinks the accounts linked to them (accounts/links.ts). */
export async function deleteStudent(tx: Db, tenantId: string, id: string): Promise<void> {
  await repo.softDelete(tx, tenantId, id);
  await unlinkDeletedStudent(tx, tenantId, id);
}
