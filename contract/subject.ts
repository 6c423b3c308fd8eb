/** Subject: what a school teaches (Mathematics, Hindi ...), with an optional code. */
import { z } from 'zod';
import { optionalText, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

export const subjectSchema = z.object({
  id: z.string(),
  subjectName: z.string(),
  subjectCode: z.string().nullable(),
  rev: z.number(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const subjectInputSchema = z.object({
  id: z.uuid().optional(),
  subjectName: requiredText('Subject name', 80),
  subjectCode: optionalText('Subject code', 20),
  /** Updates only (create ignores it): contract/sync.ts. */
  ...baseRevShape,
});
export type SubjectInput = z.input<typeof subjectInputSchema>;

export const subjectSearchColumns = ['subjectName', 'subjectCode'] as const;
export type SubjectSearchColumn = (typeof subjectSearchColumns)[number];
