/**
 * The monthly register (/admin/teacher-attendance/monthly/{monthYear}): staff down, the month's
 * days across, Sundays and the school's holidays not working days, totals per person (half days
 * count as half). Working days by contract/working-days.ts: Monday to Saturday minus the holidays
 * for the whole school (a holiday for some classes only is a working day for the staff).
 */
import { datesOfMonth, monthYearOf, registerTotals, type MonthlyRegister } from '../../../contract/teacher-attendance';
import { holidayOn, isSunday } from '../../../contract/working-days';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { teacherAttendanceRepository as repo, toTeacherAttendance } from './repository';

export async function monthlyRegister(db: Db, tenantId: string, month: string, onlyTeacher?: string): Promise<MonthlyRegister> {
  const dates = datesOfMonth(month);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const holidays = await repo.holidays(db, tenantId, from, to);
  const calendar = holidays.map((one) => ({ ...one, kind: 'holiday', audience: { kind: 'school', classIds: [] } }));
  const days = dates.map((date) => {
    const holiday = holidayOn(date, calendar);
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
