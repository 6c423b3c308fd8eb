/** The school records' mirror tables (admission register, issued certificates) and their rows, below the kinds that read them (sync/modules/records.ts lists them). */
import type { Admission } from '../../contract/admission';
import type { Certificate } from '../../contract/certificate';
import type { Student } from '../../contract/student';
import { mirrorTable } from '../mirror-table';

/**
 * An admission register entry. `admissionNumber` (and `admissionSeq`) stay null while an admission
 * made on this device has not reached the school: only the school numbers admissions (gapless).
 * `student` is the server's copy of the student as it answered (absent on rows made here); screens
 * read the student from `students`.
 */
export type AdmissionRow = Omit<Admission, 'admissionNumber' | 'admissionSeq' | 'student'> & {
  admissionNumber: string | null;
  admissionSeq: number | null;
  student?: Student | null;
};

/** An issued certificate; `serial`, `serialNumber` and `print` stay null until the school accepts the issue. */
export type CertificateRow = Omit<Certificate, 'serial' | 'serialNumber' | 'print'> & {
  serial: string | null;
  serialNumber: number | null;
  print: Certificate['print'] | null;
};

export const admissionsTable = mirrorTable<AdmissionRow>()('admissions', {
  2: 'id, admissionNumber, studentId, status, admissionYear, [admissionYear+status], rev',
});
export const certificatesTable = mirrorTable<CertificateRow>()('certificates', { 2: 'id, studentId, kind, serial, rev' });
