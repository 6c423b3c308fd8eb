/**
 * Student (spec sections 2 and 3): the students table's columns (admission id, name, class, school
 * name, roll no, phone, father name, mother name, address, Aadhaar id), the upload sheet's fields
 * and the parents' e-mail, which links parent accounts to their children.
 */
import { z } from 'zod';
import { messages } from './messages';
import {
  optionalAadhaar,
  optionalApaar,
  optionalEmail,
  optionalGender,
  optionalMobile,
  optionalPastDate,
  optionalPhone,
  optionalText,
  requiredText,
} from './record-formats';
import { baseRevShape } from './revisions';

export const studentSchema = z.object({
  id: z.string(),
  admissionId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string().nullable(),
  rollNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  classSection: z.string().nullable(),
  schoolName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  alternateNumber: z.string().nullable(),
  address: z.string().nullable(),
  aadhaarId: z.string().nullable(),
  apaarId: z.string().nullable(),
  rev: z.number(),
});
export type Student = z.infer<typeof studentSchema>;

/** The fields of a student as a person (without id and admission id): shared with admissions. */
export const studentDetailsShape = {
  firstName: requiredText('First name', 100),
  lastName: optionalText('Last name', 100).transform((value) => value ?? ''),
  emailId: optionalEmail('Email ID'),
  rollNumber: optionalText('Roll number', 20),
  phoneNumber: optionalMobile('Phone number'),
  classId: z.preprocess((value) => (value === '' ? null : value), z.uuid(messages.records.fields.uuid('Class')).nullable()).optional().transform((value) => value ?? null),
  dateOfBirth: optionalPastDate('Date of birth'),
  gender: optionalGender(),
  fatherName: optionalText('Father name', 100),
  motherName: optionalText('Mother name', 100),
  parentEmail: optionalEmail('Parent email'),
  alternateNumber: optionalPhone('Alternate number'),
  address: optionalText('Address', 300),
  aadhaarId: optionalAadhaar(),
  apaarId: optionalApaar(),
};

/** Create and update (a PUT replaces every field; a missing optional field is cleared). */
export const studentInputSchema = z.object({
  /** A device-made id (a student created offline keeps it). */
  id: z.uuid().optional(),
  admissionId: optionalText('Admission ID', 40),
  ...studentDetailsShape,
  /** Updates only (create ignores it): contract/sync.ts. */
  ...baseRevShape,
});
export type StudentInput = z.input<typeof studentInputSchema>;
export type StudentValues = z.output<typeof studentInputSchema>;

/** Columns the student search accepts; `name` is first and last name together. */
export const studentSearchColumns = [
  'admissionId',
  'name',
  'firstName',
  'lastName',
  'className',
  'classSection',
  'rollNumber',
  'phoneNumber',
  'fatherName',
  'motherName',
  'address',
  'emailId',
  'parentEmail',
  'aadhaarId',
  'apaarId',
] as const;
export type StudentSearchColumn = (typeof studentSearchColumns)[number];

/** Optional filter of the student lists. */
export const studentListQuerySchema = z.object({ classId: z.uuid().optional() });

/** The student upload sheet's headers, exactly as the spec lists them (the template's columns). */
export const studentUploadHeaders = [
  'admissionId',
  'firstName',
  'lastName',
  'emailId',
  'rollNumber',
  'phoneNumber',
  'className',
  'classSection',
  'schoolName',
  'dateOfBirth',
  'gender',
  'fatherName',
  'motherName',
  'alternateNumber',
  'address',
  'apaarId',
] as const;
/** Further columns the import accepts when present (the students table shows the Aadhaar id). */
export const studentUploadOptionalHeaders = ['parentEmail', 'aadhaarId'] as const;
/** Columns a student sheet must have. */
export const studentUploadRequiredHeaders = ['admissionId', 'firstName', 'className'] as const;
