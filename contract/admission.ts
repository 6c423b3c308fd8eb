/**
 * Admission register (/admin/records): one entry per admission, numbered by the server without gaps
 * per school and academic year ("2025-0042": the 42nd admission of 2025-26). A device records a new
 * admission offline without a number (shown as pending) and gets the number when it arrives.
 * An entry is never deleted: cancelling keeps its number in the register.
 */
import { z } from 'zod';
import { optionalDate, optionalText } from './record-formats';
import { studentDetailsShape, studentSchema } from './student';
import { baseRevShape } from './revisions';

export { academicYearLabel, academicYearOf, academicYearStartMonth } from './academic-year';

export const admissionStatuses = ['admitted', 'withdrawn', 'cancelled'] as const;
export type AdmissionStatus = (typeof admissionStatuses)[number];

/** The admission number as printed and as a student's admission id: "2025-0042". */
export function formatAdmissionNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(4, '0')}`;
}

export const admissionSchema = z.object({
  id: z.string(),
  admissionNumber: z.string(),
  admissionYear: z.number(),
  admissionSeq: z.number(),
  academicYear: z.string(),
  admissionDate: z.string(),
  status: z.enum(admissionStatuses),
  withdrawnOn: z.string().nullable(),
  withdrawalReason: z.string().nullable(),
  /** The class admitted to (the student's current class is on `student`). */
  classId: z.string().nullable(),
  className: z.string().nullable(),
  classSection: z.string().nullable(),
  previousSchool: z.string().nullable(),
  remarks: z.string().nullable(),
  studentId: z.string(),
  /** The student as now; null once the student record was deleted. */
  student: studentSchema.nullable(),
  rev: z.number(),
});
export type Admission = z.infer<typeof admissionSchema>;

const admissionFields = {
  /** Defaults to today (server clock). */
  admissionDate: optionalDate('Admission date'),
  previousSchool: optionalText('Previous school', 200),
  remarks: optionalText('Remarks', 500),
};

/** New admission: the register entry and the new student's record in one write. */
export const admissionInputSchema = z.object({
  id: z.uuid().optional(),
  ...admissionFields,
  student: z.object({ id: z.uuid().optional(), ...studentDetailsShape }),
});
export type AdmissionInput = z.input<typeof admissionInputSchema>;

/** Edit (/admin/records/edit/{admissionNumber}): the entry and the student; the number never changes. */
export const admissionUpdateSchema = z.object({
  ...admissionFields,
  student: z.object(studentDetailsShape),
  ...baseRevShape,
});
export type AdmissionUpdate = z.input<typeof admissionUpdateSchema>;

export const admissionListQuerySchema = z.object({
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  status: z.enum(admissionStatuses).optional(),
});

export const admissionSearchColumns = ['admissionNumber', 'name', 'firstName', 'lastName', 'className', 'status', 'previousSchool'] as const;
export type AdmissionSearchColumn = (typeof admissionSearchColumns)[number];
