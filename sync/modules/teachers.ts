/** Teachers on the device: the mirror table and the teacher kinds. */
import { createTeacherKind, deleteTeacherKind, updateTeacherKind } from '../kinds/teachers';
import { defineSyncModule } from '../module-kit';
import { teachersTable } from '../tables/teachers';

export { teachersTable, type TeacherRow } from '../tables/teachers';

export const teachersSync = defineSyncModule({
  name: 'teachers',
  tables: [teachersTable],
  kinds: [createTeacherKind, updateTeacherKind, deleteTeacherKind],
});
