/** Class subjects (the mapping) on the device: the mirror table and the mapping kinds. */
import type { ClassSubjectRow } from '../db';
import { createClassSubjectKind, deleteClassSubjectKind, updateClassSubjectKind } from '../kinds/class-subjects';
import { defineSyncModule, mirrorTable } from './module';

export const classSubjectsSync = defineSyncModule({
  name: 'class-subjects',
  tables: [mirrorTable<ClassSubjectRow>()('classSubjects', { 2: 'id, classId, subjectId, teacherId, [classId+subjectId], rev' })],
  kinds: [createClassSubjectKind, updateClassSubjectKind, deleteClassSubjectKind],
});
