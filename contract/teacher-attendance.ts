/**
 * Staff attendance (docs/decisions.md "Timetable and teacher attendance"): one record per teacher and
 * date, marked by an admin as one sheet per date (present by default on the screen), and the monthly
 * register of the spec's route /admin/teacher-attendance/monthly/{monthYear} (`11-2026`).
 */
import { z } from 'zod';
import { apiBase, template } from './path-kit';
import { isoDateSchema } from './attendance';
import { isoDateField, isoDateTimeField, isRealIsoDate, isRealIsoMonth } from './calendar-dates';
import { messages } from './messages';
import { conflictNoticeSchema, type ConflictNotice } from './revisions';

export const teacherAttendancePaths = {
  /** POST { date, entries: [{ teacherId, status, leaveType?, remark? }] } (admins). */
  markSheet: `${apiBase}/teacherAttendance/mark-sheet`,
  /** GET ?date= (admins: every teacher; a teacher: their own row). */
  sheet: `${apiBase}/teacherAttendance/sheet`,
  /** GET the register of `11-2026` (admins: all staff; a teacher: their own row). */
  monthly: template(`${apiBase}/teacherAttendance/monthly/:monthYear`),
} as const;

export const teacherAttendanceMessages = {
  saved: 'Staff attendance saved.',
  savedWithConflicts: (count: number) =>
    `Staff attendance saved. ${count} mark${count === 1 ? ' was' : 's were'} changed by someone else first and kept as theirs.`,
  changedElsewhere: 'Someone else marked this teacher first; their mark was kept and yours is in its history.',
  deletedElsewhere: 'This mark was removed elsewhere; your change is in its history.',
  status: 'Status must be present, absent, half day or leave.',
  leaveType: 'Leave type must be casual, sick, earned or other.',
  leaveTypeNeeded: 'Choose the type of leave.',
  leaveTypeOnlyOnLeave: 'A leave type goes with leave only.',
  invalidDate: 'Choose a real date.',
  duplicateTeacher: 'The same teacher is listed twice.',
  teacherNotFound: 'Teacher not found.',
  monthYear: 'Use a month like 11-2026.',
  notYourRecord: 'Teachers can see only their own attendance.',
} as const;

export const teacherStatuses = ['present', 'absent', 'half_day', 'leave'] as const;
export type TeacherStatus = (typeof teacherStatuses)[number];
export const leaveTypes = ['casual', 'sick', 'earned', 'other'] as const;
export type LeaveType = (typeof leaveTypes)[number];
export const maxTeacherRemark = 200;

export const teacherAttendanceSchema = z.object({
  id: z.string(),
  teacherId: z.string(),
  date: isoDateSchema,
  status: z.enum(teacherStatuses),
  /** Set exactly when the status is leave. */
  leaveType: z.enum(leaveTypes).nullable(),
  remark: z.string(),
  markedBy: z.string(),
  /** Server time of the write that produced this version. */
  markedAt: z.string(),
  deviceMarkedAt: z.string().nullable(),
  rev: z.number(),
});
export type TeacherAttendance = z.infer<typeof teacherAttendanceSchema>;

export const teacherSheetEntrySchema = z
  .object({
    id: z.uuid().optional(),
    teacherId: z.uuid(messages.records.fields.uuid('Teacher')),
    status: z.enum(teacherStatuses, teacherAttendanceMessages.status),
    leaveType: z.enum(leaveTypes, teacherAttendanceMessages.leaveType).nullable().optional(),
    remark: z
      .string()
      .trim()
      .max(maxTeacherRemark, messages.records.fields.tooLong('Remark', maxTeacherRemark))
      .default(''),
    baseRev: z.number().int().nonnegative().optional(),
    /** A mark nobody chose (everyone present until changed): the school's own mark, if it has one, stands (contract/attendance.ts). */
    assumed: z.boolean().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.status === 'leave' && !entry.leaveType) ctx.addIssue({ code: 'custom', path: ['leaveType'], message: teacherAttendanceMessages.leaveTypeNeeded });
    if (entry.status !== 'leave' && entry.leaveType) ctx.addIssue({ code: 'custom', path: ['leaveType'], message: teacherAttendanceMessages.leaveTypeOnlyOnLeave });
  });
export type TeacherSheetEntry = z.output<typeof teacherSheetEntrySchema>;

/** A sheet's date, said in the staff screens' words when it is no real day. */
const sheetDate = isoDateField('Use a date like 2025-06-22.', teacherAttendanceMessages.invalidDate);

export const teacherMarkSheetSchema = z.object({
  date: sheetDate,
  entries: z.array(teacherSheetEntrySchema).min(1).max(500),
  deviceMarkedAt: isoDateTimeField().optional(),
});
export type TeacherMarkSheet = z.output<typeof teacherMarkSheetSchema>;
export type TeacherMarkSheetInput = z.input<typeof teacherMarkSheetSchema>;

/** The device's version of one entry as the server saw it (what a conflict keeps in history). */
export const teacherEntryVersionSchema = z.object({
  id: z.string().optional(),
  teacherId: z.string(),
  date: z.string(),
  status: z.enum(teacherStatuses),
  leaveType: z.enum(leaveTypes).nullable(),
  remark: z.string(),
  baseRev: z.number().nullable(),
  deviceMarkedAt: z.string().nullable(),
});
export type TeacherEntryVersion = z.infer<typeof teacherEntryVersionSchema>;

export const teacherMarkSheetResultSchema = z.object({
  date: z.string(),
  records: z.array(teacherAttendanceSchema),
  conflicts: z.array(conflictNoticeSchema(teacherAttendanceSchema, teacherEntryVersionSchema)),
});
export interface TeacherMarkSheetResult extends Omit<z.infer<typeof teacherMarkSheetResultSchema>, 'conflicts'> {
  conflicts: ConflictNotice<TeacherAttendance, TeacherEntryVersion>[];
}

export const teacherSheetQuerySchema = z.object({ date: sheetDate });

export const teacherSheetRowSchema = z.object({
  teacherId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeId: z.string().nullable(),
  /** Null: not marked yet (the screen shows present). */
  record: teacherAttendanceSchema.nullable(),
});
export const teacherSheetSchema = z.object({ date: z.string(), teachers: z.array(teacherSheetRowSchema) });
export type TeacherSheet = z.infer<typeof teacherSheetSchema>;

/** `11-2026` (the spec's route), month first. */
export const monthYearParams = z.object({
  monthYear: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])-\d{4}$/, teacherAttendanceMessages.monthYear)
    .refine((value) => isRealIsoMonth(monthOfMonthYear(value) ?? ''), teacherAttendanceMessages.monthYear),
});

/** `11-2026` -> `2026-11`; undefined when it is not a month. */
export function monthOfMonthYear(monthYear: string): string | undefined {
  const match = /^(0?[1-9]|1[0-2])-(\d{4})$/.exec(monthYear);
  return match ? `${match[2]}-${match[1]!.padStart(2, '0')}` : undefined;
}

/** `2026-11` -> `11-2026`. */
export function monthYearOf(month: string): string {
  const [year, mm] = month.split('-');
  return `${mm}-${year}`;
}

export const registerTotalsSchema = z.object({
  present: z.number(),
  absent: z.number(),
  halfDays: z.number(),
  leave: z.object({ casual: z.number(), sick: z.number(), earned: z.number(), other: z.number() }),
  /** Present days with each half day counted as half. */
  attended: z.number(),
  /** Working days so far with no mark. */
  unmarked: z.number(),
});
export type RegisterTotals = z.infer<typeof registerTotalsSchema>;

export const registerDaySchema = z.object({
  date: z.string(),
  /** False on Sundays and holidays. */
  working: z.boolean(),
  /** The holiday's title, when the day is one. */
  holiday: z.string().nullable(),
});

export const monthlyRegisterSchema = z.object({
  monthYear: z.string(),
  month: z.string(),
  days: z.array(registerDaySchema),
  workingDays: z.number(),
  teachers: z.array(
    z.object({
      teacherId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      employeeId: z.string().nullable(),
      records: z.array(teacherAttendanceSchema),
      totals: registerTotalsSchema,
    }),
  ),
});
export type MonthlyRegister = z.infer<typeof monthlyRegisterSchema>;

interface Marked {
  date: string;
  status: TeacherStatus;
  leaveType: LeaveType | null;
}

/**
 * A person's totals over the working days given (the register's columns): marks on non-working
 * days still count (a teacher who came in on a holiday is present); working days up to `today`
 * without a mark are unmarked.
 */
export function registerTotals(records: readonly Marked[], workingDays: readonly string[], today: string): RegisterTotals {
  const totals: RegisterTotals = { present: 0, absent: 0, halfDays: 0, leave: { casual: 0, sick: 0, earned: 0, other: 0 }, attended: 0, unmarked: 0 };
  const markedDates = new Set<string>();
  for (const record of records) {
    markedDates.add(record.date);
    if (record.status === 'present') totals.present++;
    else if (record.status === 'absent') totals.absent++;
    else if (record.status === 'half_day') totals.halfDays++;
    else totals.leave[record.leaveType ?? 'other']++;
  }
  totals.attended = totals.present + totals.halfDays / 2;
  totals.unmarked = workingDays.filter((date) => date <= today && !markedDates.has(date)).length;
  return totals;
}

/** A real 'YYYY-MM-DD' (calendar-dates.ts: the one rule for dates). */
export { isRealIsoDate };

/** Every date of a 'YYYY-MM' month, in order. */
export function datesOfMonth(month: string): string[] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return Array.from({ length: last }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`);
}
