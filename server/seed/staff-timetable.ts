/**
 * The demo school's timetable and staff attendance together: the attendance covers the last school
 * days that are not the school's holidays, and the substitutions cover the absences of its last days.
 */
import { generateTeacherAttendance, type TeacherAttendanceRow } from './teacher-attendance';
import { generateSubstitutions, generateTimetable, type EntryRow, type LimitRow, type PeriodRow, type SubstitutionRow } from './timetable';
import type { ClassSubjectRow } from './curriculum';

/** How many school days back the staff register is marked. */
export const staffSeededDays = 30;
const day = 86_400_000;

export interface StaffTimetableSource {
  tenantId: string;
  classes: readonly { id: string; label: string }[];
  classSubjects: readonly ClassSubjectRow[];
  /** Every teacher; the principal's account marks the register. */
  teacherIds: readonly string[];
  demoTeacherId: string;
  adminId: string;
  events: readonly { kind: string; audienceKind: string; startDate: string; endDate: string }[];
}

export interface StaffTimetableSeed {
  timetable: { periods: PeriodRow[]; entries: EntryRow[]; limits: LimitRow[]; substitutions: SubstitutionRow[] };
  teacherAttendance: TeacherAttendanceRow[];
}

/** The `count` school days before `today`: Monday to Saturday, not a whole-school holiday; oldest first. */
export function workingDaysBefore(today: string, count: number, events: StaffTimetableSource['events']): string[] {
  const holidays = events.filter((event) => event.kind === 'holiday' && event.audienceKind === 'school');
  const days: string[] = [];
  for (let at = Date.parse(`${today}T00:00:00Z`) - day; days.length < count; at -= day) {
    const date = new Date(at).toISOString().slice(0, 10);
    if (new Date(at).getUTCDay() !== 0 && !holidays.some((holiday) => holiday.startDate <= date && holiday.endDate >= date)) days.push(date);
  }
  return days.reverse();
}

export function generateStaffTimetable(source: StaffTimetableSource, today: string): StaffTimetableSeed {
  const days = workingDaysBefore(today, staffSeededDays, source.events);
  const teacherAttendance = generateTeacherAttendance({
    tenantId: source.tenantId,
    teacherIds: source.teacherIds,
    demoTeacherId: source.demoTeacherId,
    markedBy: source.adminId,
    days,
  });
  const timetable = generateTimetable({ tenantId: source.tenantId, classes: source.classes, classSubjects: source.classSubjects, adminId: source.adminId, demoTeacherId: source.demoTeacherId });
  const substitutions = generateSubstitutions(source.tenantId, timetable, teacherAttendance, days, source.adminId);
  return { timetable: { ...timetable, substitutions }, teacherAttendance };
}

