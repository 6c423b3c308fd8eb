/**
 * The demo school's timetable and staff attendance together: the attendance covers the last school
 * days that are not the school's holidays, and the substitutions cover the absences of its last days.
 */
import { generateTeacherAttendance, type TeacherAttendanceRow } from './teacher-attendance';
import { generateSubstitutions, generateTimetable, type EntryRow, type LimitRow, type PeriodRow, type SubstitutionRow } from './timetable';
import type { ClassSubjectRow } from './curriculum';
import { workingDaysBefore, type CalendarEntry } from '../../contract/working-days';

/** How many school days back the staff register is marked. */
export const staffSeededDays = 30;

export interface StaffTimetableSource {
  tenantId: string;
  classes: readonly { id: string; label: string }[];
  classSubjects: readonly ClassSubjectRow[];
  /** Every teacher; the principal's account marks the register. */
  teacherIds: readonly string[];
  demoTeacherId: string;
  adminId: string;
  /** The school's calendar: the register skips its holidays (no class: school-wide ones). */
  calendar: readonly CalendarEntry[];
}

export interface StaffTimetableSeed {
  timetable: { periods: PeriodRow[]; entries: EntryRow[]; limits: LimitRow[]; substitutions: SubstitutionRow[] };
  teacherAttendance: TeacherAttendanceRow[];
}

export function generateStaffTimetable(source: StaffTimetableSource, today: string): StaffTimetableSeed {
  const days = workingDaysBefore(today, staffSeededDays, source.calendar);
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

