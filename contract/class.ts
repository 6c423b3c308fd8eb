/** Class (spec section 3: id, className, classSection) and its request bodies. */
import { z } from 'zod';

export const classSchema = z.object({
  id: z.string(),
  className: z.string(),
  classSection: z.string(),
  rev: z.number().optional(),
});
export type SchoolClass = z.infer<typeof classSchema>;

export const classInputSchema = z.object({
  id: z.uuid().optional(),
  className: z.string().trim().min(1, 'Class name is required.').max(40, 'Class name is too long.'),
  classSection: z.string().trim().max(10, 'Section is too long.').default(''),
});
export type ClassInput = z.infer<typeof classInputSchema>;

/** Columns the class search accepts (anything else is a 400, never SQL). */
export const classSearchColumns = ['className', 'classSection'] as const;
export type ClassSearchColumn = (typeof classSearchColumns)[number];
