/** Subjects as mutation kinds (admins): create with a device-minted id, update with its base rev, delete. */
import { paths } from '../../contract/paths';
import type { SubjectInput } from '../../contract/subject';
import { recordKinds } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const subjectInputSchema = lazy((contract) => contract.subjectInputSchema);

export type SubjectFields = Omit<SubjectInput, 'id'>;

const kinds = recordKinds<'subjects', SubjectInput & { id?: string }, SubjectFields & { id: string }>({
  table: 'subjects',
  schema: subjectInputSchema,
  paths: paths.subjects,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.subjectSchema)),
});

export const createSubjectKind = kinds.create;
export const updateSubjectKind = kinds.update;
export const deleteSubjectKind = kinds.remove;
