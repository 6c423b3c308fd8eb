/** Students on the device: the mirror table and the student kinds. */
import { createStudentKind, deleteStudentKind, updateStudentKind } from '../kinds/students';
import { defineSyncModule } from '../module-kit';
import { studentsTable } from '../tables/students';

export { studentsTable, type StudentRow } from '../tables/students';

export const studentsSync = defineSyncModule({
  name: 'students',
  tables: [studentsTable],
  kinds: [createStudentKind, updateStudentKind, deleteStudentKind],
});
