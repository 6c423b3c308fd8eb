/** Students on the device: the mirror table and the student kinds. */
import type { StudentRow } from '../db';
import { createStudentKind, deleteStudentKind, updateStudentKind } from '../kinds/students';
import { defineSyncModule, mirrorTable } from './module';

export const studentsSync = defineSyncModule({
  name: 'students',
  tables: [
    mirrorTable<StudentRow>()('students', {
      1: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rev',
      2: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rollNumber, rev',
    }),
  ],
  kinds: [createStudentKind, updateStudentKind, deleteStudentKind],
});
