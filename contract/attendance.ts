/** Student attendance: one record per student per date, marked per class and date as one sheet. */
import { z } from 'zod';
import type { ConflictNotice } from './sync';

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
  /** Optional id minted by the device for a record it creates; the server keeps it when free. */
  id: z.uuid().optional(),
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

/** The answer to POST mark-sheet: the server's version of every entry, and the entries not applied. */
export interface MarkSheetResult {
  classId: string;
  date: string;
  /** The record kept for each entry (entries whose record was deleted elsewhere have none). */
  records: AttendanceRecord[];
  conflicts: ConflictNotice<AttendanceRecord, SheetEntryVersion>[];
}

/** The device's version of one entry as the server saw it (what a conflict keeps in history). */
export interface SheetEntryVersion {
  id?: string;
  studentId: string;
  classId: string;
  date: string;
  status: AttendanceStatus;
  remark: string;
  baseRev: number | null;
  deviceMarkedAt: string | null;
}

export const sheetQuerySchema = z.object({ classId: z.uuid(), date: isoDateSchema });

export interface SheetStudent {
  studentId: string;
  firstName: string;
  lastName: string;
  rollNumber: string | null;
  admissionId: string | null;
  record: AttendanceRecord | null;
}

export interface AttendanceSheet {
  classId: string;
  date: string;
  students: SheetStudent[];
}

export const studentRangeQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** Counts of marked days; `percentage` = (present + late) / marked days x 100, one decimal; null with none. */
export interface AttendanceTotals {
  present: number;
  absent: number;
  late: number;
  leave: number;
  total: number;
  percentage: number | null;
}

export interface StudentAttendance {
  studentId: string;
  from: string;
  to: string;
  records: AttendanceRecord[];
  totals: AttendanceTotals;
}

export const classSummaryQuerySchema = z.object({ classId: z.uuid(), month: monthSchema });

export interface ClassSummary {
  classId: string;
  month: string;
  /** Every date of the month with at least one record, in order. */
  days: (Omit<AttendanceTotals, 'percentage'> & { date: string })[];
  /** The class's students (and any student with a record in this class this month). */
  students: (AttendanceTotals & {
    studentId: string;
    firstName: string;
    lastName: string;
    rollNumber: string | null;
  })[];
}
