/**
 * `attendance.markSheet`: one class and date marked as one write (POST /api/attendance/mark-sheet),
 * a sheet (sheet.ts). A record the school does not have yet gets its id on the device (or keeps the
 * one a waiting change gave it), so the device and the school agree on it.
 */
import type { AttendanceRecord, AttendanceStatus, SheetEntry } from '../../contract/attendance';
import { paths } from '../../contract/paths';
import { attendanceRef } from '../mirror';
import { sheetKind } from './sheet';
import { lazy } from '../contract';

const markSheetResultSchema = lazy((contract) => contract.markSheetResultSchema);

export interface SheetMark {
  studentId: string;
  status: AttendanceStatus;
  remark?: string;
  /** The sheet's starting value, not chosen by the person marking: the school's own mark, if any, stands (contract/attendance.ts). */
  assumed?: boolean;
}

/** What a screen passes: the class, the date, and the students' marks. */
export interface SheetInput {
  classId: string;
  date: string;
  entries: SheetMark[];
}

export const markSheetKind = 'attendance.markSheet' as const;

export function sheetCoalesceKey(classId: string, date: string): string {
  return `${markSheetKind}:${classId}|${date}`;
}

export const markSheet = sheetKind<typeof markSheetKind, 'studentId', SheetMark, SheetEntry, { classId: string }, AttendanceRecord>({
  name: markSheetKind,
  table: 'attendance',
  subject: 'studentId',
  path: paths.attendance.markSheet,
  answer: markSheetResultSchema,
  fields: ({ classId }) => ({ classId }),
  refOf: attendanceRef,
  entry(mark, { server, shown, baseRev, newId }) {
    const pending = shown?.id;
    const id = server ? undefined : typeof pending === 'string' ? pending : newId();
    return {
      ...(id === undefined ? {} : { id }),
      studentId: mark.studentId,
      status: mark.status,
      remark: mark.remark ?? '',
      ...(baseRev === undefined ? {} : { baseRev }),
      ...(mark.assumed ? { assumed: true } : {}),
    };
  },
  needs: (sheet) => [`classes:${sheet.classId}`, ...sheet.entries.map((entry) => `students:${entry.studentId}`)],
  coalesceKey: (sheet) => sheetCoalesceKey(sheet.classId, sheet.date),
  row: (sheet, entry, current) => ({
    id: typeof current?.id === 'string' ? current.id : (entry.id ?? `local:${entry.studentId}|${sheet.date}`),
    studentId: entry.studentId,
    classId: sheet.classId,
    date: sheet.date,
    status: entry.status,
    remark: entry.remark ?? '',
  }),
});
