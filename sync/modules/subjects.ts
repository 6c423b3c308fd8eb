/** Subjects on the device: the mirror table and the subject kinds. */
import type { SubjectRow } from '../db';
import { createSubjectKind, deleteSubjectKind, updateSubjectKind } from '../kinds/subjects';
import { defineSyncModule, mirrorTable } from './module';

export const subjectsSync = defineSyncModule({
  name: 'subjects',
  tables: [mirrorTable<SubjectRow>()('subjects', { 2: 'id, subjectName, rev' })],
  kinds: [createSubjectKind, updateSubjectKind, deleteSubjectKind],
});
