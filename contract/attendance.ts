/** Student attendance: one record per student per date, marked per class and date as one sheet. */
import { z } from 'zod';
import { isoDateField, isoDateTimeField, isoMonthField } from './calendar-dates';
import { messages } from './messages';
import { conflictNoticeSchema, type ConflictNotice } from './revisions';
import { attendanceStatuses } from './attendance-statuses';

export { attendanceStatuses, type AttendanceStatus } from './attendance-statuses';

export const isoDateSchema = isoDateField('Use a date like 2025-06-22.', messages.attendance.invalidDate);
export const monthSchema = isoMonthField('Use a month like 2025-06.', messages.attendance.invalidMonth);

export const attendanceRecordSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  classId: z.string(),
  date: isoDateSchema,
  status: z.enum(attendanceStatuses),
  remark: z.string(),
  markedBy: z.string(),
  /** Server time of the write that produced this version. */
  markedAt: z.string(),
  /** The device's own clock when the teacher tapped, kept as information only. */
  deviceMarkedAt: z.string().nullable(),
  rev: z.number(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const sheetEntrySchema = z.object({
  /** Optional id minted by the device for a record it creates; the server keeps it when free. */
  id: z.uuid().optional(),
  studentId: z.uuid(),
  status: z.enum(attendanceStatuses),
  remark: z.string().trim().max(200).default(''),
  /** The rev of the record this change was based on; absent when the device saw none. */
  baseRev: z.number().int().nonnegative().optional(),
  /**
   * A mark nobody chose: the sheet's starting value (everyone present until changed). Written only
   * where the school has no live mark for the student and date; where it has one, the school's
   * stands, with no notice and nothing in history (docs/sync-server.md "Conflicts").
   */
  assumed: z.boolean().optional(),
});
export type SheetEntry = z.infer<typeof sheetEntrySchema>;

/** One class and date, as one write: the unit the outbox coalesces. */
export const markSheetSchema = z.object({
  classId: z.uuid(),
  date: isoDateSchema,
  entries: z.array(sheetEntrySchema).min(1).max(200),
  deviceMarkedAt: isoDateTimeField().optional(),
});
export type MarkSheet = z.infer<typeof markSheetSchema>;

/** The device's version of one entry as the server saw it (what a conflict keeps in history). */
export const sheetEntryVersionSchema = z.object({
  id: z.string().optional(),
  studentId: z.string(),
  classId: z.string(),
  date: z.string(),
  status: z.enum(attendanceStatuses),
  remark: z.string(),
  baseRev: z.number().nullable(),
  deviceMarkedAt: z.string().nullable(),
});
export type SheetEntryVersion = z.infer<typeof sheetEntryVersionSchema>;

/** The answer to POST mark-sheet: the server's version of every entry, and the entries not applied. */
export const markSheetResultSchema = z.object({
  classId: z.string(),
  date: z.string(),
  /** The record kept for each entry (entries whose record was deleted elsewhere have none). */
  records: z.array(attendanceRecordSchema),
  conflicts: z.array(conflictNoticeSchema(attendanceRecordSchema, sheetEntryVersionSchema)),
});
export interface MarkSheetResult extends Omit<z.infer<typeof markSheetResultSchema>, 'conflicts'> {
  conflicts: ConflictNotice<AttendanceRecord, SheetEntryVersion>[];
}

export const sheetQuerySchema = z.object({ classId: z.uuid(), date: isoDateSchema });

export const sheetStudentSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  rollNumber: z.string().nullable(),
  admissionId: z.string().nullable(),
  record: attendanceRecordSchema.nullable(),
});
export type SheetStudent = z.infer<typeof sheetStudentSchema>;

export const attendanceSheetSchema = z.object({
  classId: z.string(),
  date: z.string(),
  students: z.array(sheetStudentSchema),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

export const studentRangeQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** Counts of marked days; `percentage` = (present + late) / marked days x 100, one decimal; null with none. */
export const attendanceTotalsSchema = z.object({
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  leave: z.number(),
  total: z.number(),
  percentage: z.number().nullable(),
});
export type AttendanceTotals = z.infer<typeof attendanceTotalsSchema>;

export const studentAttendanceSchema = z.object({
  studentId: z.string(),
  from: z.string(),
  to: z.string(),
  records: z.array(attendanceRecordSchema),
  totals: attendanceTotalsSchema,
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

export const classSummaryQuerySchema = z.object({ classId: z.uuid(), month: monthSchema });

export const classSummarySchema = z.object({
  classId: z.string(),
  month: z.string(),
  /** Every date of the month with at least one record, in order. */
  days: z.array(attendanceTotalsSchema.omit({ percentage: true }).extend({ date: z.string() })),
  /** The class's students (and any student with a record in this class this month). */
  students: z.array(
    attendanceTotalsSchema.extend({
      studentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      rollNumber: z.string().nullable(),
    }),
  ),
  /** The month's records of the class, by date (what a device shows of a month it does not hold). */
  records: z.array(attendanceRecordSchema),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;
