/**
 * Teacher: employee id, contact and the subjects they teach. A teacher record with an e-mail links
 * the teacher account of the same e-mail (as registration does), which is how a teacher's sign-in
 * finds the classes assigned to them.
 */
import { z } from 'zod';
import { optionalEmail, optionalGender, optionalMobile, optionalPastDate, optionalText, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

export const teacherSchema = z.object({
  id: z.string(),
  employeeId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  /** The subjects the teacher can teach, as written ("Maths, Science"). */
  subjects: z.string().nullable(),
  rev: z.number(),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const teacherInputSchema = z.object({
  id: z.uuid().optional(),
  employeeId: optionalText('Employee ID', 40),
  firstName: requiredText('First name', 100),
  lastName: optionalText('Last name', 100).transform((value) => value ?? ''),
  emailId: optionalEmail('Email ID'),
  phoneNumber: optionalMobile('Phone number'),
  address: optionalText('Address', 300),
  dateOfBirth: optionalPastDate('Date of birth'),
  gender: optionalGender(),
  subjects: optionalText('Subjects', 300),
  /** Updates only (create ignores it): contract/sync.ts. */
  ...baseRevShape,
});
export type TeacherInput = z.input<typeof teacherInputSchema>;
export type TeacherValues = z.output<typeof teacherInputSchema>;

export const teacherSearchColumns = ['employeeId', 'name', 'firstName', 'lastName', 'emailId', 'phoneNumber', 'subjects'] as const;
export type TeacherSearchColumn = (typeof teacherSearchColumns)[number];

/** The teacher upload sheet's columns (the template's), in the students sheet's naming. */
export const teacherUploadHeaders = [
  'employeeId',
  'firstName',
  'lastName',
  'emailId',
  'phoneNumber',
  'address',
  'dateOfBirth',
  'gender',
  'subjects',
] as const;
export const teacherUploadRequiredHeaders = ['employeeId', 'firstName'] as const;
