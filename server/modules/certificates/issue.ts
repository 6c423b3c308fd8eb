/**
 * Issuing a certificate: the rules and the print data of one issue (routes.ts offers one route per kind).
 */
import { randomUUID } from 'node:crypto';
import { type CertificateKind, formatCertificateSerial, maskAadhaar, type PrintData } from '../../../contract/certificate';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { recordIdTaken } from '../../db/record-ids';
import { notFound } from '../../errors';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import type { AuthUser } from '../../types';
import { studentRepository } from '../students/repository';
import { nextCertificateSerial } from './numbering';
import { certificateRepository as repo } from './repository';

export interface IssueDetails {
  id?: string;
  issueDate: string | null;
  purpose?: string | null;
  leavingDate?: string | null;
  reasonForLeaving?: string | null;
  conduct?: string | null;
  promotion?: string | null;
  remarks?: string | null;
}

/** The name printed under "Prepared by": the staff member's own record, else their username. */
async function issuerName(tx: Db, user: AuthUser): Promise<string> {
  if (!user.teacherId) return user.username;
  const teacher = await repo.teacherName(tx, user.tenantId, user.teacherId);
  const name = teacher ? [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') : '';
  return name || user.username;
}

/**
 * Issues one certificate inside the write's transaction: the next serial of its kind, the print data
 * frozen as it will print (school, student, admission date, issuer), a transfer certificate's
 * withdrawal of the admission. The same id sent again answers the first issue (`created: false`).
 */
export async function issue(tx: Db, user: AuthUser, kind: CertificateKind, studentId: string, input: IssueDetails) {
  const tenantId = user.tenantId;
  const { id = randomUUID(), issueDate, ...details } = input;
  const same = await repo.withId(tx, id);
  if (same) {
    // The same issue sent again (a device retrying without its key): the first answer, nothing new.
    if (same.tenantId === tenantId && same.kind === kind && same.studentId === studentId) return { created: false, row: same };
    throw recordIdTaken();
  }
  const school = await repo.school(tx, tenantId);
  if (!school) throw notFound(messages.certificates.studentNotFound);
  const student = await studentRepository.one(tx, tenantId, school.schoolName, studentId);
  if (!student) throw notFound(messages.certificates.studentNotFound);
  await assertCanTeachClasses(tx, user, [student.classId], messages.students.notYourClass);
  const admission = await repo.latestAdmission(tx, tenantId, studentId);

  const issuedBy = await issuerName(tx, user);
  const serialNumber = await nextCertificateSerial(tx, tenantId, kind);
  const serial = formatCertificateSerial(kind, serialNumber);
  const date = issueDate ?? todayIso();
  const leavingDate = kind === 'transfer' ? (details.leavingDate ?? date) : undefined;
  const print: PrintData = {
    kind,
    title: messages.certificates.titles[kind],
    serial,
    serialNumber,
    issueDate: date,
    issuedBy,
    school: {
      tenantId,
      schoolName: school.schoolName,
      schoolId: school.schoolId,
      address: school.address,
      phoneNumber: school.phoneNumber,
      email: school.email,
    },
    student: {
      id: student.id,
      fullName: `${student.firstName} ${student.lastName}`.trim(),
      firstName: student.firstName,
      lastName: student.lastName,
      admissionId: student.admissionId,
      admissionDate: admission?.admissionDate ?? null,
      className: student.className,
      classSection: student.classSection,
      rollNumber: student.rollNumber,
      dateOfBirth: student.dateOfBirth,
      gender: student.gender,
      fatherName: student.fatherName,
      motherName: student.motherName,
      address: student.address,
      phoneNumber: student.phoneNumber,
      emailId: student.emailId,
      aadhaarMasked: maskAadhaar(student.aadhaarId),
      apaarId: student.apaarId,
    },
    details: kind === 'transfer' ? { ...details, leavingDate } : kind === 'bonafide' ? { purpose: details.purpose ?? null } : {},
  };
  const row = await repo.insert(tx, { id, tenantId, kind, serialNumber, serial, issueDate: date, studentId, issuedBy: user.id, print });
  if (kind === 'transfer' && admission && admission.status === 'admitted') {
    await repo.withdrawAdmission(tx, tenantId, admission.id, leavingDate, details.reasonForLeaving ?? null);
  }
  return { created: true, row };
}
