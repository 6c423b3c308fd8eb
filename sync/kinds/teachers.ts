/** Teachers as mutation kinds (admins): create with a device-minted id, update with its base rev, delete. */
import { paths } from '../../contract/paths';
import { recordWriteAnswers } from '../../contract/sync';
import { teacherInputSchema, teacherSchema, type TeacherInput } from '../../contract/teacher';
import { recordKinds } from './records';

export type TeacherFields = Omit<TeacherInput, 'id'>;

const kinds = recordKinds<'teachers', TeacherInput & { id?: string }, TeacherFields & { id: string }>({
  table: 'teachers',
  schema: teacherInputSchema,
  paths: paths.teachers,
  answers: recordWriteAnswers(teacherSchema),
  decorate: async (_db, values) => ({ lastName: values.lastName ?? '' }),
});

export const createTeacherKind = kinds.create;
export const updateTeacherKind = kinds.update;
export const deleteTeacherKind = kinds.remove;
