/**
 * Students in the pull: staff the school's, a student their own record, a parent their children's.
 * className and section come from the class record, so a renamed class leaves no stale copies.
 */
import { inArray } from 'drizzle-orm';
import { students } from '../../db/core-tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';

export const studentsSyncSource = defineSyncSource({
  entity: 'students',
  table: students,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? inArray(students.id, scope.studentIds) : 'none'),
  records: eachRow((row) => ({
    id: row.id,
    admissionId: row.admissionId,
    firstName: row.firstName,
    lastName: row.lastName,
    emailId: row.emailId,
    rollNumber: row.rollNumber,
    phoneNumber: row.phoneNumber,
    classId: row.classId,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    fatherName: row.fatherName,
    motherName: row.motherName,
    parentEmail: row.parentEmail,
    alternateNumber: row.alternateNumber,
    address: row.address,
    aadhaarId: row.aadhaarId,
    apaarId: row.apaarId,
    rev: row.rev,
  })),
});
