/**
 * A closed year's attendance read from the school (its days are not in a first sync's mirror:
 * docs/decisions.md "The school year"): a class's sheet of one day, a class's month, one student's
 * month. Every answer is read with the contract's schema; the rows are the mirror's own shape, so
 * the screens show them as they show the mirror's.
 */
import type { z } from 'zod';
import { attendanceSheetSchema, classSummarySchema, studentAttendanceSchema } from '../../../contract/attendance';
import { academicYearOf } from '../../../contract/admission';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { AttendanceRow } from '../../../sync';
import { apiRequest } from '../../api/client';
import type { SchoolYears } from '../../kit/school-year';
import { monthDates } from './attendance-math';

/** Whether `date` lies in a year the school has closed (whose days the school holds). */
export function inClosedYear(years: SchoolYears | undefined, date: string): boolean {
  return Boolean(years?.years.some((one) => one.closed && one.academicYear === academicYearOf(date)));
}

async function read<T>(schema: z.ZodType<T>, path: string, searchParams: Record<string, string>, signal: AbortSignal): Promise<T> {
  const response = await apiRequest('GET', path, { searchParams, signal, background: true });
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) throw new Error(messages.network.unexpected);
  return parsed.data;
}

export interface SchoolSheet {
  records: Map<string, AttendanceRow>;
  /** Who sat in the class that day, in roll order, as the school lists them. */
  studentIds: string[];
}

export async function readSchoolSheet(classId: string, date: string, signal: AbortSignal): Promise<SchoolSheet> {
  const sheet = await read(attendanceSheetSchema, paths.attendance.sheet, { classId, date }, signal);
  const records = new Map<string, AttendanceRow>();
  for (const student of sheet.students) if (student.record) records.set(student.studentId, student.record);
  return { records, studentIds: sheet.students.map((student) => student.studentId) };
}

export async function readSchoolClassMonth(classId: string, month: string, signal: AbortSignal): Promise<AttendanceRow[]> {
  return (await read(classSummarySchema, paths.attendance.classSummary, { classId, month }, signal)).records;
}

export async function readSchoolStudentMonth(studentId: string, month: string, signal: AbortSignal): Promise<AttendanceRow[]> {
  const dates = monthDates(month);
  const range = { from: dates[0]!, to: dates[dates.length - 1]! };
  return (await read(studentAttendanceSchema, paths.attendance.student(studentId), range, signal)).records;
}
