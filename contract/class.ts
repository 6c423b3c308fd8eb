/** Class (spec section 3: id, className, classSection) and its request bodies. */
import { z } from 'zod';
import { canonicalClassName, canonicalSection } from './record-formats';
import { baseRevShape } from './revisions';

export const classSchema = z.object({
  id: z.string(),
  className: z.string(),
  classSection: z.string(),
  /** The class teacher (set by an admin through PUT /classes/classTeacher/{id}). */
  classTeacherId: z.string().nullable().optional(),
  rev: z.number().optional(),
});
export type SchoolClass = z.infer<typeof classSchema>;

export const classInputSchema = z.object({
  id: z.uuid().optional(),
  /** Stored in its canonical form: "5", "5th", "Class 5" and "V" are all class V (record-formats.ts). */
  className: z
    .string()
    .trim()
    .min(1, 'Class name is required.')
    .max(40, 'Class name is too long.')
    .transform((value) => canonicalClassName(value).name),
  classSection: z.string().trim().max(10, 'Section is too long.').default('').transform(canonicalSection),
  /** Updates only (create ignores it): contract/sync.ts. */
  ...baseRevShape,
});
export type ClassInput = z.infer<typeof classInputSchema>;

/** Columns the class search accepts (anything else is a 400, never SQL). */
export const classSearchColumns = ['className', 'classSection'] as const;
export type ClassSearchColumn = (typeof classSearchColumns)[number];

/** The class upload sheet's columns (the template's). */
export const classUploadHeaders = ['className', 'classSection'] as const;
export const classUploadRequiredHeaders = ['className'] as const;
