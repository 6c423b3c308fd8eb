/** Addresses of the records screens, as the router declares them (src/navigation/sections.ts). */
import type { CertificateKind } from '../../../contract/certificate';

export const registerPath = '/admin/records';
export const newAdmissionPath = `${registerPath}/newadmission`;

/** An entry opens by its number, or by its id while it waits for one (the edit page takes either). */
export function editPath(key: string): string {
  return `${registerPath}/edit/${encodeURIComponent(key)}`;
}

const printSegment: Record<CertificateKind, string> = {
  bonafide: 'printbonafide',
  transfer: 'printtc',
  studentDetails: 'printstudentdetails',
};

/** A student's certificates of one kind; with `certificateId`, that one is shown (a reprint). */
export function printPath(kind: CertificateKind, studentId: string, certificateId?: string): string {
  const base = `${registerPath}/${printSegment[kind]}/${encodeURIComponent(studentId)}`;
  return certificateId ? `${base}?certificate=${encodeURIComponent(certificateId)}` : base;
}

export function addedPath(admissionId: string): string {
  return `${registerPath}?added=${encodeURIComponent(admissionId)}`;
}
