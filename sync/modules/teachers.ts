/** Teachers on the device: the mirror table and the teacher kinds. */
import type { TeacherRow } from '../db';
import { createTeacherKind, deleteTeacherKind, updateTeacherKind } from '../kinds/teachers';
import { defineSyncModule, mirrorTable } from './module';

export const teachersSync = defineSyncModule({
  name: 'teachers',
  tables: [
    mirrorTable<TeacherRow>()('teachers', {
      1: 'id, employeeId, emailId, firstName, rev',
      2: 'id, employeeId, emailId, firstName, lastName, rev',
    }),
  ],
  kinds: [createTeacherKind, updateTeacherKind, deleteTeacherKind],
});
