/** Classes on the device: the mirror table and the class kinds (create, update, delete, class teacher). */
import type { ClassRow } from '../db';
import { setClassTeacherKind } from '../kinds/class-subjects';
import { createClass, deleteClass, updateClass } from '../kinds/classes';
import { defineSyncModule, mirrorTable } from './module';

export const classesSync = defineSyncModule({
  name: 'classes',
  tables: [mirrorTable<ClassRow>()('classes', { 1: 'id, className, rev', 2: 'id, className, classTeacherId, rev' })],
  kinds: [createClass, updateClass, deleteClass, setClassTeacherKind],
});
