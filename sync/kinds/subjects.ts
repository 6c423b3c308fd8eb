/** Subjects as mutation kinds (admins): create with a device-minted id, update with its base rev, delete. */
import { paths } from '../../contract/paths';
import { subjectInputSchema, subjectSchema, type SubjectInput } from '../../contract/subject';
import { recordWriteAnswers } from '../../contract/sync';
import { recordKinds } from './records';

export type SubjectFields = Omit<SubjectInput, 'id'>;

const kinds = recordKinds<'subjects', SubjectInput & { id?: string }, SubjectFields & { id: string }>({
  table: 'subjects',
  schema: subjectInputSchema,
  paths: paths.subjects,
  answers: recordWriteAnswers(subjectSchema),
});

export const createSubjectKind = kinds.create;
export const updateSubjectKind = kinds.update;
export const deleteSubjectKind = kinds.remove;
