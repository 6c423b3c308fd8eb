/**
 * The admin dashboard's attendance trends, from the mirror: the school's attendance
 * percentage on each of the last 30 working days (Sundays and school-wide holidays out,
 * contract/working-days.ts) and each class's percentage this month, lowest first. Late counts as
 * present; a day or class with no marks has no percentage (not 0%).
 */
import { compareClasses } from '../../../../contract/class-order';
import { workingDays } from '../../../../contract/working-days';
import type { AttendanceRow, ClassRow, KakshaDb } from '../../../../sync';
import { eventsTable, type EventRow } from '../../../../sync/modules/events';
import { classesTable } from '../../../../sync/modules/classes';
import { attendanceTable } from '../../../../sync/modules/attendance';

export const trendDays = 30;

export interface DayShare {
  date: string;
  present: number;
  marked: number;
  /** Whole percent, or null when nothing was marked that day. */
  percent: number | null;
}

export interface ClassShare {
  klass: ClassRow;
  present: number;
  marked: number;
  percent: number | null;
}

const isPresent = (row: Pick<AttendanceRow, 'status'>) => row.status === 'present' || row.status === 'late';
const percentOf = (present: number, marked: number) => (marked === 0 ? null : Math.round((present * 1000) / marked) / 10);

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last `count` working days up to and including `today`, oldest first. */
export function lastWorkingDays(today: string, events: readonly EventRow[], count: number = trendDays): string[] {
  // Two months back holds 30 working days unless the school closed for most of them.
  for (let span = count * 2; span <= 400; span *= 2) {
    const days = workingDays(shift(today, -span), today, events);
    if (days.length >= count) return days.slice(-count);
  }
  return workingDays(shift(today, -400), today, events).slice(-count);
}

export function dailyShares(attendance: readonly Pick<AttendanceRow, 'date' | 'status'>[], days: readonly string[]): DayShare[] {
  const byDay = new Map(days.map((date) => [date, { present: 0, marked: 0 }]));
  for (const row of attendance) {
    const day = byDay.get(row.date);
    if (!day) continue;
    day.marked += 1;
    if (isPresent(row)) day.present += 1;
  }
  return days.map((date) => {
    const { present, marked } = byDay.get(date)!;
    return { date, present, marked, percent: percentOf(present, marked) };
  });
}

/** Each class's share this month (the 1st to `today`); marked classes lowest first, then unmarked in class order. */
export function classShares(
  mirror: { classes: readonly ClassRow[]; attendance: readonly Pick<AttendanceRow, 'classId' | 'date' | 'status'>[]; events: readonly EventRow[] },
  today: string,
): ClassShare[] {
  const from = `${today.slice(0, 8)}01`;
  const byClass = new Map<string, Pick<AttendanceRow, 'classId' | 'date' | 'status'>[]>();
  for (const row of mirror.attendance) {
    if (row.date < from || row.date > today) continue;
    const rows = byClass.get(row.classId);
    if (rows) rows.push(row);
    else byClass.set(row.classId, [row]);
  }
  const shares = mirror.classes.map((klass) => {
    const open = new Set(workingDays(from, today, mirror.events, klass.id));
    let present = 0;
    let marked = 0;
    for (const row of byClass.get(klass.id) ?? []) {
      if (!open.has(row.date)) continue;
      marked += 1;
      if (isPresent(row)) present += 1;
    }
    return { klass, present, marked, percent: percentOf(present, marked) };
  });
  return shares.sort((a, b) => {
    if (a.percent === null || b.percent === null) return a.percent === b.percent ? compareClasses(a.klass, b.klass) : a.percent === null ? 1 : -1;
    return a.percent - b.percent || compareClasses(a.klass, b.klass);
  });
}

export interface Trends {
  daily: DayShare[];
  classes: ClassShare[];
}

export async function readTrends(db: KakshaDb, today: string): Promise<Trends> {
  const events = await db.tableOf(eventsTable).toArray();
  const days = lastWorkingDays(today, events);
  const monthStart = `${today.slice(0, 8)}01`;
  const from = days[0] && days[0] < monthStart ? days[0] : monthStart;
  const [classes, attendance] = await Promise.all([db.tableOf(classesTable).toArray(), db.tableOf(attendanceTable).where('date').between(from, today, true, true).toArray()]);
  return { daily: dailyShares(attendance, days), classes: classShares({ classes, attendance, events }, today) };
}

