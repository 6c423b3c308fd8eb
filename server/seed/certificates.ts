/**
 * A few certificates already in a demo school's issue register, issued by the principal's account
 * on recent school days: a bonafide certificate for the demo student (passport) and for another
 * child (scholarship), and a student details sheet for the demo student's sibling. They carry the
 * print data as the server freezes it at issue (server/modules/certificates/issue.ts), serials
 * without gaps, and the counters at the last serial, so the next issue in the app follows on.
 */
import { formatCertificateSerial, maskAadhaar, type CertificateKind, type PrintData } from '../../contract/certificate';
import { messages } from '../../contract/messages';
import type { schools } from '../db/core-tables';
import type { certificateCounters, certificates } from '../modules/certificates/tables';
import type { AdmissionRow } from './admissions';
import { stableUuid } from './random';
import type { ClassSlot, StudentRow } from './students';

export type CertificateRow = typeof certificates.$inferInsert;
export type CertificateCounterRow = typeof certificateCounters.$inferInsert;

interface Issue {
  kind: CertificateKind;
  student: StudentRow;
  issueDate: string;
  purpose?: string;
}

export interface CertificateSource {
  school: typeof schools.$inferInsert;
  slots: readonly ClassSlot[];
  students: readonly StudentRow[];
  admissions: readonly AdmissionRow[];
  demoIds: readonly [string, string];
  /** The admin account that issued them and the name printed under "Prepared by". */
  issuer: { userId: string; name: string };
  /** Recent school days, oldest first. */
  days: readonly string[];
}

function printOf(source: CertificateSource, issue: Issue, serialNumber: number): PrintData {
  const { school, slots, admissions } = source;
  const { student, kind } = issue;
  const slot = slots.find((s) => s.id === student.classId);
  const admission = admissions.find((row) => row.studentId === student.id);
  return {
    kind,
    title: messages.certificates.titles[kind],
    serial: formatCertificateSerial(kind, serialNumber),
    serialNumber,
    issueDate: issue.issueDate,
    issuedBy: source.issuer.name,
    school: {
      tenantId: school.tenantId,
      schoolName: school.schoolName,
      schoolId: school.schoolId,
      address: school.address ?? null,
      phoneNumber: school.phoneNumber ?? null,
      email: school.email ?? null,
    },
    student: {
      id: String(student.id),
      fullName: `${student.firstName} ${student.lastName ?? ''}`.trim(),
      firstName: student.firstName,
      lastName: student.lastName ?? '',
      admissionId: student.admissionId ?? null,
      admissionDate: admission?.admissionDate ?? null,
      className: slot?.className ?? null,
      classSection: slot?.classSection ?? null,
      rollNumber: student.rollNumber ?? null,
      dateOfBirth: student.dateOfBirth ?? null,
      gender: student.gender ?? null,
      fatherName: student.fatherName ?? null,
      motherName: student.motherName ?? null,
      address: student.address ?? null,
      phoneNumber: student.phoneNumber ?? null,
      emailId: student.emailId ?? null,
      aadhaarMasked: maskAadhaar(student.aadhaarId ?? null),
      apaarId: student.apaarId ?? null,
    },
    details: kind === 'bonafide' ? { purpose: issue.purpose ?? null } : {},
  };
}

export function generateCertificates(source: CertificateSource): { certificates: CertificateRow[]; counters: CertificateCounterRow[] } {
  const { students, demoIds, days, school } = source;
  const byId = (id: string) => {
    const found = students.find((row) => row.id === id);
    if (!found) throw new Error(`${school.tenantId} has no student ${id}`);
    return found;
  };
  // A child of a senior class who is not in the demo family: the scholarship applicant.
  const senior = students.find((row) => !demoIds.includes(String(row.id)) && row.aadhaarId !== null);
  if (!senior || days.length < 12) throw new Error(`${school.tenantId} cannot issue demo certificates`);
  const issues: Issue[] = [
    { kind: 'bonafide', student: byId(demoIds[0]), issueDate: days[days.length - 12] ?? '', purpose: 'Passport application' },
    { kind: 'studentDetails', student: byId(demoIds[1]), issueDate: days[days.length - 7] ?? '' },
    { kind: 'bonafide', student: senior, issueDate: days[days.length - 3] ?? '', purpose: 'Scholarship application' },
  ];
  const serials = new Map<CertificateKind, number>();
  const rows = issues.map((issue, index): CertificateRow => {
    const serialNumber = (serials.get(issue.kind) ?? 0) + 1;
    serials.set(issue.kind, serialNumber);
    return {
      id: stableUuid(school.tenantId, 'certificate', index),
      tenantId: school.tenantId,
      kind: issue.kind,
      serialNumber,
      serial: formatCertificateSerial(issue.kind, serialNumber),
      issueDate: issue.issueDate,
      studentId: String(issue.student.id),
      issuedBy: source.issuer.userId,
      print: printOf(source, issue, serialNumber),
    };
  });
  const counters = [...serials].map(([kind, lastSerial]) => ({ tenantId: school.tenantId, kind, lastSerial }));
  return { certificates: rows, counters };
}
