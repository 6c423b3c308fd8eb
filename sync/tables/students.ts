/** The students mirror table and its row, below the kinds that read it (sync/modules/students.ts lists it). */
import { mirrorTable } from '../mirror-table';

/** A student: the fields the screens index; everything else as the server sends it. */
export interface StudentRow {
  id: string;
  classId: string | null;
  admissionId: string | null;
  firstName: string;
  lastName: string;
  rev: number;
  [field: string]: unknown;
}

export const studentsTable = mirrorTable<StudentRow>()('students', {
  1: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rev',
  2: 'id, classId, admissionId, firstName, lastName, [classId+firstName], rollNumber, rev',
});
