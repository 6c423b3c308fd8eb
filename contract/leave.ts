/**
 * Leave (docs/decisions.md "Leave"): a family applies for a child's leave, a teacher for her own;
 * the class teacher or an admin decides a student's, an admin a teacher's. Approved student leave
 * turns the day's "absent" (or an untouched mark) into "leave" on the class's sheet, so no absence
 * alert goes; approved staff leave is written into the staff register ahead, so the day's
 * uncovered periods show it. Days count school days only (Sundays and the school's holidays out).
 * An application may carry one file (a medical certificate: a PDF or a photo), uploaded by the
 * applicant and opened only by the applicant's side and those who decide it.
 */
import { z } from 'zod';
import { apiBase } from './paths';
import { template } from './path-kit';
import { messages } from './messages';
import { isoDateField } from './calendar-dates';
import { leaveTypes, type LeaveType } from './teacher-attendance';
import { type AttachmentType, attachmentTypes } from './homework';

export { leaveTypes, type LeaveType };

export const leavePaths = {
  all: `${apiBase}/leave/all`,
  page: `${apiBase}/leave/pageNation/all`,
  one: template(`${apiBase}/leave/:id`),
  create: `${apiBase}/leave/create`,
  decide: template(`${apiBase}/leave/decide/:id`),
  cancel: template(`${apiBase}/leave/cancel/:id`),
  /** GET ?teacherId=&academicYear= : allowed, taken and left of each leave type. */
  balances: `${apiBase}/leave/balances`,
  /** GET (signed in) / PUT (admins): each leave type's days a teacher is allowed a year. */
  allowances: `${apiBase}/leave/allowances`,
  /** POST multipart (field `file`), by the applicant: the application's one attached file. */
  attachment: template(`${apiBase}/leave/:id/attachment`),
  /** GET the attached file (immutable: a file is never replaced under its id). */
  attachmentFile: template(`${apiBase}/leave/:id/attachment/:attachmentId`),
} as const;

/** What a leave application may carry: a scan or a photo (the server reads the type from the bytes). */
export const leaveAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const satisfies readonly AttachmentType[];
export type LeaveAttachmentType = (typeof leaveAttachmentTypes)[number];
/** The file names the device offers to choose (the server still decides by content). */
export const leaveAttachmentExtensions: readonly string[] = leaveAttachmentTypes.flatMap((type) => attachmentTypes[type]);

/** What a staff register mark written by an approved leave says (a cancellation takes back only those). */
export const approvedLeaveRemark = 'Approved leave';

export const leaveStatuses = ['waiting', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof leaveStatuses)[number];

export const leaveMessages = {
  applied: 'Leave applied for.',
  approved: 'Leave approved.',
  declined: 'Leave declined.',
  cancelled: 'Leave cancelled.',
  notFound: 'Leave application not found.',
  whoFor: 'Apply for a student or for yourself, not both.',
  notYourChild: 'You can apply only for your own child.',
  notYourself: 'A teacher applies for her own leave only.',
  kindNeeded: 'Choose the type of leave.',
  kindForStaff: 'Only staff leave has a type.',
  toBeforeFrom: 'The last day cannot be before the first.',
  tooLong: 'Leave can be at most 60 days at a time.',
  tooEarly: 'Leave cannot start more than 7 days ago.',
  halfDayOneDay: 'A half day is one day: the first and the last day must be the same.',
  noSchoolDays: 'These days are all holidays or Sundays.',
  overlaps: 'There is already leave applied for on some of these days.',
  alreadyDecided: 'This leave has already been decided.',
  notYours: 'Only the one who applied can cancel this leave.',
  tooLateToCancel: 'Leave can be cancelled only before its first day.',
  notYourClass: 'Only the class teacher or an admin can decide this leave.',
  staffByAdmin: "Only an admin can decide a teacher's leave.",
  allowancesSaved: 'Leave allowances saved.',
  allowance: 'Days allowed must be a whole number from 0 to 365.',
  attachmentWrongType: 'Attach a PDF or a photo (PNG, JPEG, WebP or GIF).',
  attachmentTaken: 'This leave application already has a file attached.',
  attachmentNotYours: 'Only the one who applied can attach a file to this leave.',
  attachmentClosed: 'A file cannot be attached to leave that was declined or cancelled.',
  attachmentHidden: 'Only the applicant and those who decide this leave can open its file.',
} as const;

const m = leaveMessages;

export const leaveAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(leaveAttachmentTypes),
  /** Bytes. */
  size: z.number(),
});
export type LeaveAttachment = z.infer<typeof leaveAttachmentSchema>;

const dateOf = (label: string) => isoDateField(messages.records.fields.date(label), messages.records.fields.date(label));

export const leaveApplicationSchema = z.object({
  id: z.string(),
  /** The account that applied (a parent, the student, the teacher herself). */
  applicantId: z.string(),
  studentId: z.string().nullable(),
  teacherId: z.string().nullable(),
  /** The student's class when applied (whose class teacher decides). */
  classId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  halfDay: z.boolean(),
  kind: z.enum(leaveTypes).nullable(),
  reason: z.string(),
  status: z.enum(leaveStatuses),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** School days it covers (a half day is 0.5). */
  days: z.number(),
  /** The attached file's name, type and size (never its bytes); null without one. */
  attachment: leaveAttachmentSchema.nullable(),
  createdAt: z.string(),
  rev: z.number(),
});
export type LeaveApplication = z.infer<typeof leaveApplicationSchema>;

const text = (label: string, max: number) => z.string(messages.records.fields.text(label)).trim().min(1, messages.records.fields.required(label)).max(max, messages.records.fields.tooLong(label, max));

export const leaveInputSchema = z
  .object({
    /** Minted by the device for an application made offline. */
    id: z.uuid().optional(),
    studentId: z.uuid(messages.records.fields.uuid('Student')).optional(),
    teacherId: z.uuid(messages.records.fields.uuid('Teacher')).optional(),
    from: dateOf('From'),
    to: dateOf('To'),
    halfDay: z.boolean().default(false),
    kind: z.enum(leaveTypes, m.kindNeeded).optional(),
    reason: text('Reason', 500),
  })
  .superRefine((input, ctx) => {
    if (Boolean(input.studentId) === Boolean(input.teacherId)) ctx.addIssue({ code: 'custom', path: ['studentId'], message: m.whoFor });
    if (input.teacherId && !input.kind) ctx.addIssue({ code: 'custom', path: ['kind'], message: m.kindNeeded });
    if (input.studentId && input.kind) ctx.addIssue({ code: 'custom', path: ['kind'], message: m.kindForStaff });
    if (input.to < input.from) ctx.addIssue({ code: 'custom', path: ['to'], message: m.toBeforeFrom });
    if (input.halfDay && input.from !== input.to) ctx.addIssue({ code: 'custom', path: ['halfDay'], message: m.halfDayOneDay });
  });
export type LeaveInput = z.input<typeof leaveInputSchema>;

export const leaveDecisionSchema = z.object({
  decision: z.enum(['approved', 'declined'], 'Decision must be approved or declined.'),
  note: z.string().trim().max(300, messages.records.fields.tooLong('Note', 300)).optional(),
});
export type LeaveDecision = z.input<typeof leaveDecisionSchema>;

export const leaveListQuerySchema = z.object({
  status: z.enum(leaveStatuses).optional(),
  studentId: z.uuid().optional(),
  teacherId: z.uuid().optional(),
});

export const leaveAllowancesSchema = z.object({
  casual: z.number(),
  sick: z.number(),
  earned: z.number(),
  other: z.number(),
});
export type LeaveAllowances = z.infer<typeof leaveAllowancesSchema>;

const allowance = z.number(m.allowance).int(m.allowance).min(0, m.allowance).max(365, m.allowance);
export const leaveAllowancesInputSchema = z.object({ casual: allowance, sick: allowance, earned: allowance, other: allowance });

/** What a school allows before it sets its own (a common state-board pattern). */
export const defaultLeaveAllowances: LeaveAllowances = { casual: 12, sick: 10, earned: 15, other: 0 };

export const balancesQuerySchema = z.object({
  teacherId: z.uuid(messages.records.fields.uuid('Teacher')).optional(),
  academicYear: z.coerce.number().int().min(2000).max(2200).optional(),
});

export const leaveBalanceSchema = z.object({
  teacherId: z.string(),
  academicYear: z.number(),
  kind: z.enum(leaveTypes),
  allowed: z.number(),
  taken: z.number(),
  left: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;
