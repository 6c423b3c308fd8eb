/** Teachers as mutation kinds (admins): create with a device-minted id, update with its base rev, delete. */
import { paths } from '../../contract/paths';
import type { TeacherInput } from '../../contract/teacher';
import { recordKinds } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const teacherInputSchema = lazy((contract) => contract.teacherInputSchema);

export type TeacherFields = Omit<TeacherInput, 'id'>;

const kinds = recordKinds<'teachers', TeacherInput & { id?: string }, TeacherFields & { id: string }>({
  table: 'teachers',
  schema: teacherInputSchema,
  paths: paths.teachers,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.teacherSchema)),
  decorate: async (_db, values) => ({ lastName: values.lastName ?? '' }),
});

export const createTeacherKind = kinds.create;
export const updateTeacherKind = kinds.update;
export const deleteTeacherKind = kinds.remove;
