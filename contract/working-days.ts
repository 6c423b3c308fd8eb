/**
 * Working days (docs/decisions.md "Working days"): Monday to Saturday, less Sundays and the
 * school's holidays (events of kind holiday). Attendance percentages, the teacher register, late
 * fines' day count and the dashboards all count days through this one file, on the server and on
 * the device (which passes the events of its mirror). Dates are YYYY-MM-DD, counted in UTC so a
 * device's time zone never moves a day.
 */

/** What the helper reads of an event (contract/events.ts SchoolEvent has it). */
export interface CalendarEntry {
  kind: string;
  startDate: string;
  endDate: string;
  audience: { kind: string; classIds: readonly string[] };
}

const dayMs = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export function isSunday(date: string): boolean {
  return new Date(toTime(date)).getUTCDay() === 0;
}

/**
 * Whether a holiday closes the school for a class: a school-wide holiday closes every class, a
 * holiday for chosen classes those classes. Without a class (staff registers, the school's own
 * count): school-wide holidays only.
 */
export function closes(entry: CalendarEntry, classId?: string): boolean {
  if (entry.kind !== 'holiday') return false;
  if (entry.audience.kind === 'school') return true;
  return classId !== undefined && entry.audience.kind === 'classes' && entry.audience.classIds.includes(classId);
}

/** Every day from `from` to `to`, both included (none when `to` is before `from`). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = toTime(from), end = toTime(to); time <= end; time += dayMs) dates.push(toDate(time));
  return dates;
}

/** The holiday closing the school on a date for a class, if any (attendance asks before marking one). */
export function holidayOn<E extends CalendarEntry>(date: string, entries: readonly E[], classId?: string): E | undefined {
  return entries.find((entry) => closes(entry, classId) && entry.startDate <= date && date <= entry.endDate);
}

/** The holiday dates (Sundays included when a holiday covers them) within from..to. */
export function holidayDates(entries: readonly CalendarEntry[], from: string, to: string, classId?: string): Set<string> {
  const dates = new Set<string>();
  for (const entry of entries) {
    if (!closes(entry, classId) || entry.endDate < from || entry.startDate > to) continue;
    for (const date of datesBetween(entry.startDate < from ? from : entry.startDate, entry.endDate > to ? to : entry.endDate)) dates.add(date);
  }
  return dates;
}

export function isWorkingDay(date: string, entries: readonly CalendarEntry[], classId?: string): boolean {
  return !isSunday(date) && holidayOn(date, entries, classId) === undefined;
}

/** The working days from..to, in order. */
export function workingDays(from: string, to: string, entries: readonly CalendarEntry[], classId?: string): string[] {
  const holidays = holidayDates(entries, from, to, classId);
  return datesBetween(from, to).filter((date) => !isSunday(date) && !holidays.has(date));
}

export function countWorkingDays(from: string, to: string, entries: readonly CalendarEntry[], classId?: string): number {
  return workingDays(from, to, entries, classId).length;
}

/** The `count` working days before `day` (not `day` itself), oldest first. */
export function workingDaysBefore(day: string, count: number, entries: readonly CalendarEntry[], classId?: string): string[] {
  const days: string[] = [];
  for (let time = toTime(day) - dayMs; days.length < count; time -= dayMs) {
    const date = toDate(time);
    if (isWorkingDay(date, entries, classId)) days.push(date);
  }
  return days.reverse();
}

/** The `count` working days from `day` on (`day` included when it is one), in order. */
export function workingDaysFrom(day: string, count: number, entries: readonly CalendarEntry[], classId?: string): string[] {
  const days: string[] = [];
  for (let time = toTime(day); days.length < count; time += dayMs) {
    const date = toDate(time);
    if (isWorkingDay(date, entries, classId)) days.push(date);
  }
  return days;
}

/**
 * The working days of `month` (YYYY-MM) that have come by `today`: the "working days so far" every
 * month view counts (class and student attendance, a teacher's own month). None for a month to come.
 */
export function workingDaysSoFar(month: string, today: string, entries: readonly CalendarEntry[], classId?: string): string[] {
  const first = `${month}-01`;
  if (first > today) return [];
  const last = toDate(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return workingDays(first, last < today ? last : today, entries, classId);
}
