/** Frozen print data as the school answers an issued certificate with: a bonafide for Arjun Iyer of VI A by default. */
import type { PrintData } from '../../../contract/certificate';
import { messages } from '../../../contract/messages';

export function printData(overrides: Partial<PrintData> = {}): PrintData {
  return {
    kind: 'bonafide',
    title: messages.certificates.titles.bonafide,
    serial: 'BC-0007',
    serialNumber: 7,
    issueDate: '2025-07-14',
    issuedBy: 'Meera Nair',
    school: {
      tenantId: 'greenvalley',
      schoolName: 'Green Valley Public School',
      schoolId: 'GVPS-01',
      address: '12 MG Road, Pune',
      phoneNumber: '02024567890',
      email: 'office@greenvalley.test',
    },
    student: {
      id: '0197b000-0000-7000-8000-0000000000a1',
      fullName: 'Arjun Iyer',
      firstName: 'Arjun',
      lastName: 'Iyer',
      admissionId: '2025-0042',
      admissionDate: '2025-04-03',
      className: 'VI',
      classSection: 'A',
      rollNumber: '12',
      dateOfBirth: '2014-03-09',
      gender: 'Male',
      fatherName: 'Ravi Iyer',
      motherName: 'Lakshmi Iyer',
      address: '4 Lake View, Pune',
      phoneNumber: '9876543210',
      emailId: 'arjun@example.in',
      aadhaarMasked: 'XXXX XXXX 1234',
      apaarId: '123456789012',
    },
    details: { purpose: 'passport application' },
    ...overrides,
  };
}
