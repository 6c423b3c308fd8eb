/**
 * What both dashboards count their day by: the school's day (India's, as the server counts it,
 * whatever the device's time zone) and the events from today to the school week's Sunday (the events
 * tile's rule, src/kit/events-week.ts).
 */
import { schoolTodayIso } from '../../contract/school-day';
import type { EventRow } from '../../sync/modules/events';
import { weekOf } from './homework-week';

/** The school's day as YYYY-MM-DD. */
export function isoToday(now: Date = new Date()): string {
  return schoolTodayIso(now);
}

/** Events on from today to the week's Sunday, soonest first. */
export function eventsThisWeek<R extends Pick<EventRow, 'startDate' | 'endDate'>>(events: readonly R[], now: Date = new Date()): R[] {
  const today = isoToday(now);
  const { to } = weekOf(now);
  return events.filter((row) => row.endDate >= today && row.startDate <= to).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
