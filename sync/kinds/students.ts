/**
 * Students as mutation kinds: create (the device mints the id), update (a PUT of every field, with
 * the base rev of the copy edited) and delete, through the spec's paths.
 */
import { paths } from '../../contract/paths';
import type { StudentInput } from '../../contract/student';
import { needsOf, recordKinds } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const studentInputSchema = lazy((contract) => contract.studentInputSchema);

export type StudentFields = Omit<StudentInput, 'id'>;

const kinds = recordKinds<'students', StudentInput & { id?: string }, StudentFields & { id: string }>({
  table: 'students',
  schema: studentInputSchema,
  paths: paths.students,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.studentSchema)),
  needs: (values) => needsOf([['classes', values.classId as string | null]]),
  decorate: async (_db, values) => ({ lastName: values.lastName ?? '' }),
  rebase(update, applied) {
    if (update.admissionId) return update;
    // Edited while the student's admission had not reached the school (no number shown yet): a PUT
    // replaces every field, so carry the number the school has given since instead of clearing it.
    const admission = applied.find(({ table, row }) => table === 'admissions' && row.studentId === update.id);
    const admissionNumber = admission?.row.admissionNumber;
    return typeof admissionNumber === 'string' ? { ...update, admissionId: admissionNumber } : update;
  },
});

export const createStudentKind = kinds.create;
export const updateStudentKind = kinds.update;
export const deleteStudentKind = kinds.remove;
