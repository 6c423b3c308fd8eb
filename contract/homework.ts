/**
 * Homework: what staff give a class for a subject (title, description, assigned and due date) with
 * up to five attachments, and each student's done mark. The record carries its attachments'
 * metadata, never their bytes: a device fetches a file on first open (docs/decisions.md
 * "Homework (issue 10)"). Class and subject travel as ids; a device joins their names from its mirror.
 */
import { z } from 'zod';
import { messages } from './messages';
import { normalizeDate, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

/** One attachment's upper limit in bytes (413 above) and how many a homework may carry. */
export const maxAttachmentBytes = 10 * 1024 * 1024;
export const maxAttachmentsPerHomework = 5;
export const maxHomeworkTitle = 200;
export const maxHomeworkDescription = 4000;

/** The accepted kinds of file, by the type the server detects from their content. */
export const attachmentTypes = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/msword': ['.doc'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'text/plain': ['.txt'],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentType = keyof typeof attachmentTypes;
export const attachmentTypeNames = Object.keys(attachmentTypes) as AttachmentType[];

export const homeworkAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(attachmentTypeNames),
  /** Bytes. */
  size: z.number(),
});
export type HomeworkAttachment = z.infer<typeof homeworkAttachmentSchema>;

export const homeworkSchema = z.object({
  id: z.string(),
  classId: z.string(),
  subjectId: z.string(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD. */
  assignedDate: z.string(),
  dueDate: z.string(),
  /** The account that gave it. */
  createdBy: z.string().nullable(),
  /** In upload order. */
  attachments: z.array(homeworkAttachmentSchema),
  rev: z.number(),
});
export type Homework = z.infer<typeof homeworkSchema>;

const requiredDate = (label: string) =>
  z.string(messages.records.fields.required(label)).transform((value, ctx) => {
    const date = value.trim() === '' ? undefined : normalizeDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: value.trim() === '' ? messages.records.fields.required(label) : messages.records.fields.date(label) });
      return z.NEVER;
    }
    return date;
  });

export const homeworkInputSchema = z
  .object({
    /** Client-generated for offline creates (updates ignore it). */
    id: z.uuid().optional(),
    classId: z.uuid(messages.records.fields.uuid('Class')),
    subjectId: z.uuid(messages.records.fields.uuid('Subject')),
    title: requiredText('Title', maxHomeworkTitle),
    description: z
      .string(messages.records.fields.text('Description'))
      .trim()
      .max(maxHomeworkDescription, messages.records.fields.tooLong('Description', maxHomeworkDescription))
      .optional()
      .transform((value) => value ?? ''),
    /** Defaults to the server's today on create; an update without it keeps the stored one. */
    assignedDate: requiredDate('Assigned date').optional(),
    dueDate: requiredDate('Due date'),
    ...baseRevShape,
  })
  .superRefine((input, ctx) => {
    if (input.assignedDate && input.dueDate < input.assignedDate) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: messages.homework.dueBeforeAssigned });
    }
  });
export type HomeworkInput = z.input<typeof homeworkInputSchema>;

export const homeworkListQuerySchema = z.object({
  classId: z.uuid().optional(),
  subjectId: z.uuid().optional(),
});

export const homeworkSearchColumns = ['title', 'description'] as const;
export type HomeworkSearchColumn = (typeof homeworkSearchColumns)[number];

/** A student's done mark: one record per homework and student, `done` turned on and off. */
export const homeworkDoneSchema = z.object({
  id: z.string(),
  homeworkId: z.string(),
  studentId: z.string(),
  done: z.boolean(),
  /** When it was last marked done (server time); null while not done. */
  doneAt: z.string().nullable(),
  rev: z.number(),
});
export type HomeworkDone = z.infer<typeof homeworkDoneSchema>;

export const homeworkDoneInputSchema = z.object({
  studentId: z.uuid(messages.records.fields.uuid('Student')),
  done: z.boolean(messages.homework.doneFlag),
});
export type HomeworkDoneInput = z.input<typeof homeworkDoneInputSchema>;
