/** School records on the device: the admission register and issued certificates, and their kinds. */
import type { AdmissionRow, CertificateRow } from '../db';
import { admitStudentKind, cancelAdmissionKind, updateAdmissionKind } from '../kinds/admissions';
import { issueCertificateKind } from '../kinds/certificates';
import { defineSyncModule, mirrorTable } from './module';

export const recordsSync = defineSyncModule({
  name: 'records',
  tables: [
    mirrorTable<AdmissionRow>()('admissions', { 2: 'id, admissionNumber, studentId, status, admissionYear, [admissionYear+status], rev' }),
    mirrorTable<CertificateRow>()('certificates', { 2: 'id, studentId, kind, serial, rev' }),
  ],
  kinds: [admitStudentKind, updateAdmissionKind, cancelAdmissionKind, issueCertificateKind],
});
