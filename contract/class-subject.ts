/**
 * Class-subject mapping (/admin/mapping): which subjects a class takes and which teacher teaches
 * each. Together with a class's class teacher (class.ts) it decides which classes a teacher may
 * mark and edit: the ones they are class teacher of or teach a subject in.
 */
import { z } from 'zod';
import { messages } from './messages';
import { baseRevShape } from './revisions';

const uuidOrNull = (label: string) =>
  z
    .preprocess((value) => (value === '' ? null : value), z.uuid(messages.records.fields.uuid(label)).nullable())
    .optional()
    .transform((value) => value ?? null);

export const classSubjectSchema = z.object({
  id: z.string(),
  classId: z.string(),
  subjectId: z.string(),
  teacherId: z.string().nullable(),
  /** Names for lists; a device joins them from its mirror. */
  className: z.string(),
  classSection: z.string(),
  subjectName: z.string(),
  teacherName: z.string().nullable(),
  rev: z.number(),
});
export type ClassSubject = z.infer<typeof classSubjectSchema>;

export const classSubjectInputSchema = z.object({
  id: z.uuid().optional(),
  classId: z.uuid(messages.records.fields.uuid('Class')),
  subjectId: z.uuid(messages.records.fields.uuid('Subject')),
  teacherId: uuidOrNull('Teacher'),
  /** Updates only (create ignores it): contract/sync.ts. */
  ...baseRevShape,
});
export type ClassSubjectInput = z.input<typeof classSubjectInputSchema>;

export const classSubjectListQuerySchema = z.object({
  classId: z.uuid().optional(),
  teacherId: z.uuid().optional(),
});

export const classSubjectSearchColumns = ['className', 'subjectName', 'teacherName'] as const;
export type ClassSubjectSearchColumn = (typeof classSubjectSearchColumns)[number];

/** PUT /classes/classTeacher/{classId}: the class teacher, or null to clear it. */
export const classTeacherInputSchema = z.object({ teacherId: uuidOrNull('Teacher') });
export type ClassTeacherInput = z.input<typeof classTeacherInputSchema>;
