/** Admission register rows for the records screen tests: admission `n` of class VI A, admitted in June 2025. */
import { academicYearLabel } from '../../../contract/admission';
import { studentSchema, type Student } from '../../../contract/student';
import type { AdmissionRow } from '../../../sync';

export const classId = '0197b000-0000-7000-8000-0000000000c1';

/**
 * A student as a fake school answers a write of it: every field of the contract's record (the
 * device reads answers with it), those not given null.
 */
export function studentAnswer(fields: Record<string, unknown>): Student {
  const none = Object.fromEntries(Object.keys(studentSchema.shape).map((field) => [field, null]));
  return studentSchema.parse({ ...none, ...fields });
}

export function admission(n: number, overrides: Partial<AdmissionRow> = {}): AdmissionRow {
  const year = overrides.admissionYear ?? 2025;
  return {
    id: `0197b000-0000-7000-8000-00000000${String(1000 + n)}`,
    admissionNumber: `${year}-${String(n).padStart(4, '0')}`,
    admissionSeq: n,
    admissionYear: year,
    academicYear: academicYearLabel(year),
    admissionDate: `${year}-06-${String(n).padStart(2, '0')}`,
    status: 'admitted',
    withdrawnOn: null,
    withdrawalReason: null,
    classId,
    className: 'VI',
    classSection: 'A',
    previousSchool: null,
    remarks: null,
    studentId: `0197b000-0000-7000-8000-00000000${String(2000 + n)}`,
    rev: 10 + n,
    ...overrides,
  };
}
