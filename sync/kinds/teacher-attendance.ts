/**
 * `teacherAttendance.markSheet`: the staff of one date marked as one write
 * (POST /api/teacherAttendance/mark-sheet), a sheet (sheet.ts) as student attendance's. A record's
 * id is made from the teacher and the date, so two admins marking the same teacher offline name
 * the same record and the school's first version is kept (the other goes to history).
 */
import type { LeaveType, TeacherAttendance, TeacherMarkSheetInput, TeacherStatus } from '../../contract/teacher-attendance';
import { sheetKind } from './sheet';
import { refOf } from './records';
import { lazy } from '../contract';

const teacherAttendancePaths = lazy((contract) => contract.teacherAttendancePaths);
const teacherMarkSheetResultSchema = lazy((contract) => contract.teacherMarkSheetResultSchema);

export interface TeacherMark {
  teacherId: string;
  status: TeacherStatus;
  leaveType?: LeaveType | null;
  remark?: string;
  /** The sheet's starting value, not chosen by the person marking: the school's own mark, if any, stands (contract/attendance.ts). */
  assumed?: boolean;
}

type Entry = TeacherMarkSheetInput['entries'][number] & { id: string; remark: string; leaveType: LeaveType | null };

export const teacherMarkSheetKind = 'teacherAttendance.markSheet' as const;

const mask48 = (1n << 48n) - 1n;

/** The id of a teacher's record on a date: the teacher's UUID with its last 48 bits mixed with the date (version 8). */
export function teacherAttendanceId(teacherId: string, date: string): string {
  const hex = teacherId.replace(/-/g, '').toLowerCase();
  const mixed = (BigInt(`0x${hex.slice(20)}`) ^ ((BigInt(date.replace(/-/g, '')) * 2654435761n) & mask48)).toString(16).padStart(12, '0');
  const variant = ((parseInt(hex[16] ?? '8', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${mixed}`;
}

export const teacherMarkSheet = sheetKind<typeof teacherMarkSheetKind, 'teacherId', TeacherMark, Entry, object, TeacherAttendance>({
  name: teacherMarkSheetKind,
  table: 'teacherAttendance',
  subject: 'teacherId',
  // Read when a sheet is prepared: the path's module is the contract's, loaded then (contract.ts).
  get path() {
    return teacherAttendancePaths.markSheet;
  },
  answer: teacherMarkSheetResultSchema,
  fields: () => ({}),
  refOf: (teacherId, date) => refOf('teacherAttendance', teacherAttendanceId(teacherId, date)),
  entry: (mark, { date, baseRev }) => ({
    id: teacherAttendanceId(mark.teacherId, date),
    teacherId: mark.teacherId,
    status: mark.status,
    leaveType: mark.status === 'leave' ? (mark.leaveType ?? 'other') : null,
    remark: mark.remark ?? '',
    ...(baseRev === undefined ? {} : { baseRev }),
    ...(mark.assumed ? { assumed: true } : {}),
  }),
  needs: (sheet) => sheet.entries.map((entry) => refOf('teachers', entry.teacherId)),
  coalesceKey: (sheet) => `${teacherMarkSheetKind}:${sheet.date}`,
  row: (sheet, entry) => ({
    id: entry.id,
    teacherId: entry.teacherId,
    date: sheet.date,
    status: entry.status,
    leaveType: entry.leaveType,
    remark: entry.remark,
  }),
});
