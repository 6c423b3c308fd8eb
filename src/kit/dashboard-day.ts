/**
 * What both dashboards (issue 16) count their day by: the device's calendar day and the events
 * from today to the week's Sunday (the events tile's rule, src/kit/events-week.ts).
 */
import type { EventRow } from '../../sync/modules/events';
import { weekOf } from './homework-week';

const pad = (value: number) => String(value).padStart(2, '0');

/** The device's calendar day as YYYY-MM-DD. */
export function isoToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Events on from today to the week's Sunday, soonest first. */
export function eventsThisWeek<R extends Pick<EventRow, 'startDate' | 'endDate'>>(events: readonly R[], now: Date = new Date()): R[] {
  const today = isoToday(now);
  const { to } = weekOf(now);
  return events.filter((row) => row.endDate >= today && row.startDate <= to).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
