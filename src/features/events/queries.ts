/**
 * What the calendar screens read from the mirror and the rules they show: how an event is labelled
 * (dates dd/mm/yyyy, times, its audience by class names), the month grid (weeks from Monday, the
 * holidays and Sundays marked through contract/working-days.ts), and who may change an event (the
 * server's rule: admins any; a teacher the ones they added, for classes they teach, never holidays).
 */
import { compareClasses } from '../../../contract/class-order';
import type { SchoolEvent } from '../../../contract/events';
import { closes, datesBetween, isSunday } from '../../../contract/working-days';
import type { ClassRow, KakshaDb } from '../../../sync';
import { eventsTable, type EventRow } from '../../../sync/modules/events';
import { clockTime, shortDate } from '../../ui/dates';
import { eventsTexts as text } from './texts';
import { classesTable } from '../../../sync/modules/classes';

export interface EventsMirror {
  events: EventRow[];
  classes: ClassRow[];
}

export async function readEventsMirror(db: KakshaDb): Promise<EventsMirror> {
  const [events, classes] = await Promise.all([db.tableOf(eventsTable).toArray(), db.tableOf(classesTable).toArray()]);
  return { events, classes: classes.sort(compareClasses) };
}

export const classLabel = (row: Pick<ClassRow, 'className' | 'classSection'>) => `${row.className}${row.classSection ? ` ${row.classSection}` : ''}`;

export function audienceLabel(audience: SchoolEvent['audience'], classes: readonly ClassRow[]): string {
  switch (audience.kind) {
    case 'school':
      return text.audience.school;
    case 'classes': {
      const byId = new Map(classes.map((row) => [row.id, row]));
      const known = audience.classIds.map((id) => byId.get(id)).filter((row): row is ClassRow => row !== undefined);
      return known.length === 0 ? text.audience.chosenClasses : known.sort(compareClasses).map(classLabel).join(', ');
    }
    case 'roles':
      return audience.roles.map((role) => text.audience.roleNames[role]).join(', ');
    case 'people':
      return text.audience.people({ count: audience.userIds.length });
  }
}

export function dateLabel(row: Pick<EventRow, 'startDate' | 'endDate'>): string {
  const start = shortDate(row.startDate) ?? row.startDate;
  return row.startDate === row.endDate ? start : text.dateRange({ start, end: shortDate(row.endDate) ?? row.endDate });
}

export function timeLabel(row: Pick<EventRow, 'startTime' | 'endTime'>): string {
  if (!row.startTime) return text.allDay;
  const start = clockTime(row.startTime);
  return row.endTime ? text.timeRange({ start, end: clockTime(row.endTime) }) : text.timeFrom({ start });
}

/** Calendar order: by start date, all-day first, then by time and title. */
export function compareEvents(a: EventRow, b: EventRow): number {
  return a.startDate.localeCompare(b.startDate) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.title.localeCompare(b.title);
}

export interface ChangeAccess {
  isAdmin: boolean;
  userId: string | null;
  /** The classes a teacher teaches (null for an admin). */
  taught: ReadonlySet<string> | null;
}

export function mayChange(access: ChangeAccess, row: EventRow): boolean {
  if (access.isAdmin) return true;
  if (row.kind === 'holiday' || row.audience.kind !== 'classes') return false;
  if (row.createdBy !== undefined && row.createdBy !== access.userId) return false;
  return Boolean(access.taught && row.audience.classIds.every((id) => access.taught!.has(id)));
}

/** The events touching a day, in calendar order. */
export function eventsOn(events: readonly EventRow[], date: string): EventRow[] {
  return events.filter((row) => row.startDate <= date && date <= row.endDate).sort(compareEvents);
}

/** Events ending on or after `from` and starting on or before `to`. */
export function eventsBetween(events: readonly EventRow[], from: string, to: string): EventRow[] {
  return events.filter((row) => row.endDate >= from && row.startDate <= to).sort(compareEvents);
}

export interface CalendarDay {
  date: string;
  /** In the month shown (the grid fills whole weeks with the neighbours' days). */
  inMonth: boolean;
  sunday: boolean;
  /** A holiday of the school (or of one of `classIds`) that day. */
  holiday: boolean;
  events: EventRow[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM' moved by some months. */
export function addMonths(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, index - 1 + by, 1));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}`;
}

/**
 * The weeks (Monday to Sunday) covering a month, each day with its events. A holiday counts for a
 * family when it closes one of their classes or the whole school (`classIds` empty: school-wide
 * only, and any holiday for staff who see the whole calendar through `anyHoliday`).
 */
export function monthGrid(month: string, events: readonly EventRow[], options: { classIds?: readonly string[]; anyHoliday?: boolean } = {}): CalendarDay[][] {
  const first = `${month}-01`;
  const firstTime = Date.parse(`${first}T00:00:00Z`);
  const offset = (new Date(firstTime).getUTCDay() + 6) % 7;
  const start = new Date(firstTime - offset * 86_400_000).toISOString().slice(0, 10);
  const last = `${addMonths(month, 1)}-01`;
  const lastTime = Date.parse(`${last}T00:00:00Z`) - 86_400_000;
  const tail = (7 - ((new Date(lastTime).getUTCDay() + 6) % 7) - 1) % 7;
  const end = new Date(lastTime + tail * 86_400_000).toISOString().slice(0, 10);
  const classIds = options.classIds ?? [];
  const isHoliday = (row: EventRow) =>
    row.kind === 'holiday' && (options.anyHoliday || closes(row) || classIds.some((classId) => closes(row, classId)));
  const days = datesBetween(start, end).map((date) => {
    const touching = eventsOn(events, date);
    return { date, inMonth: date.startsWith(month), sunday: isSunday(date), holiday: touching.some(isHoliday), events: touching };
  });
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

/** The device's calendar date, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
