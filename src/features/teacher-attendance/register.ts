/**
 * The staff register worked out on the device, as the school answers GET
 * /api/teacherAttendance/monthly/{monthYear}: the month's days (Sundays and whole-school holidays
 * from the mirror's calendar not working days, contract/working-days.ts), each person's marks and
 * totals (half days count as half). Offline, from the mirror.
 */
import { datesOfMonth, registerTotals, type MonthlyRegister, type TeacherAttendance } from '../../../contract/teacher-attendance';
import { holidayOn, isSunday, type CalendarEntry } from '../../../contract/working-days';
import { teacherAttendanceTexts as text } from './texts';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
}

export function buildRegister(
  month: string,
  people: readonly Person[],
  marks: readonly TeacherAttendance[],
  calendar: readonly (CalendarEntry & { title: string })[],
  today: string,
): Omit<MonthlyRegister, 'monthYear'> {
  const days = datesOfMonth(month).map((date) => {
    const holiday = holidayOn(date, calendar);
    return { date, working: !isSunday(date) && !holiday, holiday: holiday?.title ?? null };
  });
  const working = days.filter((day) => day.working).map((day) => day.date);
  const ofMonth = marks.filter((mark) => mark.date.startsWith(`${month}-`)).sort((a, b) => a.date.localeCompare(b.date));
  const teachers = [...people]
    .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`))
    .map((person) => {
      const records = ofMonth.filter((mark) => mark.teacherId === person.id);
      return { teacherId: person.id, firstName: person.firstName, lastName: person.lastName, employeeId: person.employeeId, records, totals: registerTotals(records, working, today) };
    });
  return { month, days, workingDays: working.length, teachers };
}

/** The register's short code of a mark, in the user's language: P, A, ½, CL / SL / EL / OL. */
export function markCode(mark: Pick<TeacherAttendance, 'status' | 'leaveType'> | undefined): string {
  if (!mark) return '';
  if (mark.status === 'present') return text.monthly.codePresent;
  if (mark.status === 'absent') return text.monthly.codeAbsent;
  if (mark.status === 'half_day') return '½';
  return text.monthly[mark.leaveType ?? 'other'];
}

/** `2026-11` moved by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, index - 1 + by, 1));
  return at.toISOString().slice(0, 7);
}
