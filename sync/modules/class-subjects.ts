/** Class subjects (the mapping) on the device: the mirror table and the mapping kinds. */
import { createClassSubjectKind, deleteClassSubjectKind, updateClassSubjectKind } from '../kinds/class-subjects';
import { defineSyncModule } from '../module-kit';
import { classSubjectsTable } from '../tables/class-subjects';

export { classSubjectsTable, type ClassSubjectRow } from '../tables/class-subjects';

export const classSubjectsSync = defineSyncModule({
  name: 'class-subjects',
  tables: [classSubjectsTable],
  kinds: [createClassSubjectKind, updateClassSubjectKind, deleteClassSubjectKind],
});
