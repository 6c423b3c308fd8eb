/** Teachers in the pull: staff only (students and parents never receive them). */
import { teachers } from '../../db/core-tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';

export const teachersSyncSource = defineSyncSource({
  entity: 'teachers',
  table: teachers,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: eachRow((row) => ({
    id: row.id,
    employeeId: row.employeeId,
    firstName: row.firstName,
    lastName: row.lastName,
    emailId: row.emailId,
    phoneNumber: row.phoneNumber,
    address: row.address,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    subjects: row.subjects,
    rev: row.rev,
  })),
});
