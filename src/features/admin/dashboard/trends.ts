/**
 * The admin dashboard's attendance trends, from the mirror: the school's attendance
 * percentage on each of the last 30 working days (Sundays and school-wide holidays out,
 * contract/working-days.ts) and each class's percentage this month, lowest first. Late counts as
 * present; a day or class with no marks has no percentage (not 0%). Both are read from the marks
 * counted by class and day (sync/tables/attendance-days.ts, kept by the store as marks arrive):
 * about a thousand small rows instead of the 20,000 marks of a school's last 30 days.
 */
import { Dexie } from 'dexie';
import { compareClasses } from '../../../../contract/class-order';
import { workingDays } from '../../../../contract/working-days';
import type { ClassRow, KakshaDb } from '../../../../sync';
import { eventsTable, type EventRow } from '../../../../sync/modules/events';
import { classesTable } from '../../../../sync/modules/classes';
import { attendanceDaysTable, type AttendanceDayRow } from '../../../../sync/modules/attendance';

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

/** One class-day's counts as the spec's percentages take them: late is present, leave is absent. */
const presentOf = (day: AttendanceDayRow) => day.present + day.late;
const markedOf = (day: AttendanceDayRow) => day.present + day.late + day.absent + day.leave;
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

/** The school's share of each of `dates` from its class-days' counts. */
export function dailyShares(classDays: readonly AttendanceDayRow[], dates: readonly string[]): DayShare[] {
  const byDay = new Map(dates.map((date) => [date, { present: 0, marked: 0 }]));
  for (const classDay of classDays) {
    const day = byDay.get(classDay.date);
    if (!day) continue;
    day.marked += markedOf(classDay);
    day.present += presentOf(classDay);
  }
  return dates.map((date) => {
    const { present, marked } = byDay.get(date)!;
    return { date, present, marked, percent: percentOf(present, marked) };
  });
}

/** Each class's share this month (the 1st to `today`); marked classes lowest first, then unmarked in class order. */
export function classShares(mirror: { classes: readonly ClassRow[]; classDays: readonly AttendanceDayRow[]; events: readonly EventRow[] }, today: string): ClassShare[] {
  const from = `${today.slice(0, 8)}01`;
  const byClass = new Map<string, AttendanceDayRow[]>();
  for (const classDay of mirror.classDays) {
    if (classDay.date < from || classDay.date > today) continue;
    const days = byClass.get(classDay.classId);
    if (days) days.push(classDay);
    else byClass.set(classDay.classId, [classDay]);
  }
  const shares = mirror.classes.map((klass) => {
    const open = new Set(workingDays(from, today, mirror.events, klass.id));
    let present = 0;
    let marked = 0;
    for (const classDay of byClass.get(klass.id) ?? []) {
      if (!open.has(classDay.date)) continue;
      marked += markedOf(classDay);
      present += presentOf(classDay);
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
  // By the primary key's range: a live query over an index also notes every row's key it read (a
  // thousand compound keys compared, about 25 ms at CPU 4x), over the primary key only the range.
  const counted = db.tally(attendanceDaysTable).where('[date+classId]').between([from, Dexie.minKey], [today, Dexie.maxKey], true, true);
  const [classes, classDays] = await Promise.all([db.tableOf(classesTable).toArray(), counted.toArray()]);
  return { daily: dailyShares(classDays, days), classes: classShares({ classes, classDays, events }, today) };
}

