/** Student attendance: one record per student per date, marked per class and date as one sheet. */
import { z } from 'zod';

export const attendanceStatuses = ['present', 'absent', 'late', 'leave'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-06-22.');
export const monthSchema = z.string().regex(/^\d{4}-\d{2}$/, 'Use a month like 2025-06.');

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
  studentId: z.uuid(),
  status: z.enum(attendanceStatuses),
  remark: z.string().trim().max(200).default(''),
  /** The rev of the record this change was based on; absent when the device saw none. */
  baseRev: z.number().int().nonnegative().optional(),
});
export type SheetEntry = z.infer<typeof sheetEntrySchema>;

/** One class and date, as one write: the unit the outbox coalesces. */
export const markSheetSchema = z.object({
  classId: z.uuid(),
  date: isoDateSchema,
  entries: z.array(sheetEntrySchema).min(1).max(200),
  deviceMarkedAt: z.iso.datetime({ offset: true }).optional(),
});
export type MarkSheet = z.infer<typeof markSheetSchema>;
