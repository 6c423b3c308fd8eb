/** School records on the device: the admission register and issued certificates, and their kinds. */
import { admitStudentKind, cancelAdmissionKind, updateAdmissionKind } from '../kinds/admissions';
import { issueCertificateKind } from '../kinds/certificates';
import { defineSyncModule } from '../module-kit';
import { admissionsTable, certificatesTable } from '../tables/records';

export { admissionsTable, certificatesTable, type AdmissionRow, type CertificateRow } from '../tables/records';

export const recordsSync = defineSyncModule({
  name: 'records',
  tables: [admissionsTable, certificatesTable],
  kinds: [admitStudentKind, updateAdmissionKind, cancelAdmissionKind, issueCertificateKind],
});
