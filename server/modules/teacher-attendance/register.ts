/**
 * The monthly register (/admin/teacher-attendance/monthly/{monthYear}): staff down, the month's
 * days across, Sundays and the school's holidays not working days, totals per person (half days
 * count as half). Working days: Monday to Saturday minus holidays for the whole school (events of
 * kind holiday), as docs/decisions.md "Teacher attendance (issue 12)" records.
 */
import { datesOfMonth, isSunday, monthYearOf, registerTotals, type MonthlyRegister } from '../../../contract/teacher-attendance';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { teacherAttendanceRepository as repo, toTeacherAttendance } from './repository';

export async function monthlyRegister(db: Db, tenantId: string, month: string, onlyTeacher?: string): Promise<MonthlyRegister> {
  const dates = datesOfMonth(month);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const holidays = await repo.holidays(db, tenantId, from, to);
  const days = dates.map((date) => {
    const holiday = holidays.find((one) => one.startDate <= date && one.endDate >= date);
    return { date, working: !isSunday(date) && !holiday, holiday: holiday?.title ?? null };
  });
  const workingDates = days.filter((day) => day.working).map((day) => day.date);
  const records = (await repo.between(db, tenantId, from, to, onlyTeacher)).map(toTeacherAttendance);
  const today = todayIso();
  const teachers = (await repo.staff(db, tenantId, onlyTeacher)).map((member) => {
    const own = records.filter((record) => record.teacherId === member.teacherId);
    return { ...member, records: own, totals: registerTotals(own, workingDates, today) };
  });
  return { monthYear: monthYearOf(month), month, days, workingDays: workingDates.length, teachers };
}
