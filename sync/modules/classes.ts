/** Classes on the device: the mirror table and the class kinds (create, update, delete, class teacher). */
import { setClassTeacherKind } from '../kinds/class-subjects';
import { createClass, deleteClass, updateClass } from '../kinds/classes';
import { defineSyncModule } from '../module-kit';
import { classesTable } from '../tables/classes';

export { classesTable, type ClassRow } from '../tables/classes';

export const classesSync = defineSyncModule({
  name: 'classes',
  tables: [classesTable],
  kinds: [createClass, updateClass, deleteClass, setClassTeacherKind],
});
