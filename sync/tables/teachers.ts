/** The teachers mirror table and its row, below the kinds that read it (sync/modules/teachers.ts lists it). */
import { mirrorTable } from '../mirror-table';

/** A teacher: the fields the screens index; everything else as the server sends it. */
export interface TeacherRow {
  id: string;
  employeeId: string | null;
  firstName: string;
  lastName: string;
  emailId: string | null;
  rev: number;
  [field: string]: unknown;
}

export const teachersTable = mirrorTable<TeacherRow>()('teachers', {
  1: 'id, employeeId, emailId, firstName, rev',
  2: 'id, employeeId, emailId, firstName, lastName, rev',
});
