/** Subjects on the device: the mirror table and the subject kinds. */
import { createSubjectKind, deleteSubjectKind, updateSubjectKind } from '../kinds/subjects';
import { defineSyncModule } from '../module-kit';
import { subjectsTable } from '../tables/subjects';

export { subjectsTable, type SubjectRow } from '../tables/subjects';

export const subjectsSync = defineSyncModule({
  name: 'subjects',
  tables: [subjectsTable],
  kinds: [createSubjectKind, updateSubjectKind, deleteSubjectKind],
});
