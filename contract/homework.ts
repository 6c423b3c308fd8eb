/**
 * Homework: what staff give a class for a subject (title, description, assigned and due date) with
 * up to five attachments, and each student's done mark. The record carries its attachments'
 * metadata, never their bytes: a device fetches a file on first open (docs/decisions.md
 * "Homework"). Class and subject travel as ids; a device joins their names from its mirror.
 */
import { z } from 'zod';
import { messages } from './messages';
import { apiBase, resource, template } from './path-kit';
import { normalizeDate, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

/** Homework's routes: the spec's resource pattern plus done marks and attachments. */
export const homeworkPaths = {
  ...resource('homework'),
  /** POST { studentId, done }: a student's done mark, by that student or their parent. */
  done: template(`${apiBase}/homework/:id/done`),
  /** POST multipart (field `file`): one attachment. */
  attachments: template(`${apiBase}/homework/:id/attachments`),
  /** GET the file (immutable) or DELETE it. */
  attachment: template(`${apiBase}/homework/:id/attachments/:attachmentId`),
} as const;

/** Homework's user-facing sentences, shared by server and client like contract/messages.ts. */
export const homeworkMessages = {
  added: 'Homework given.',
  updated: 'Homework updated.',
  deleted: 'Homework deleted.',
  notFound: 'Homework not found.',
  invalidColumn: 'This column cannot be searched.',
  dueBeforeAssigned: 'The due date cannot be before the assigned date.',
  subjectNotTaken: 'This class does not take this subject. Add it in the class mapping first.',
  notYourClass: 'You can give homework only for the subjects you teach and the classes you are class teacher of.',
  classFixed: 'Homework stays with the class it was given to. Add a new homework for the other class.',
  attachmentAdded: 'Attachment added.',
  attachmentDeleted: 'Attachment removed.',
  attachmentNotFound: 'Attachment not found.',
  tooManyAttachments: (max: number) => `A homework can have at most ${max} attachments. Remove one first.`,
  attachmentTooLarge: (megabytes: number) => `The file is too large. Attach a file of at most ${megabytes} MB.`,
  attachmentWrongType:
    'This file type is not accepted. Attach a PDF, an image (PNG, JPEG, WebP, GIF), an office document (Word, Excel, PowerPoint, OpenDocument text) or a plain text file.',
  attachmentUnreadable: 'The file could not be read. It may be damaged; save it again and retry.',
  attachmentUnpackedTooLarge: 'The document is too large once unpacked. Save it again or attach a PDF instead.',
  attachmentEmpty: 'The file is empty.',
  attachmentNotMultipart: 'Upload the file as multipart/form-data in the field "file".',
  selectFile: 'Please select a file to attach.',
  uploadsBusy: 'Too many files are being uploaded right now. Please try again in a few seconds.',
  doneFlag: 'done must be true or false.',
  markedDone: 'Marked as done.',
  markedNotDone: 'Marked as not done.',
  notYourStudent: 'You can mark homework only for yourself or your own children.',
  studentNotInClass: 'This homework is not for this student\'s class.',
} as const;

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
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: homeworkMessages.dueBeforeAssigned });
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
  done: z.boolean(homeworkMessages.doneFlag),
});
export type HomeworkDoneInput = z.input<typeof homeworkDoneInputSchema>;
