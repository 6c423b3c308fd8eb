/**
 * Calendar dates as the API carries them ('YYYY-MM-DD', 'YYYY-MM'), checked as real dates by the
 * one rule of contract/calendar-dates.ts, in UTC.
 */
import { isRealIsoDate, isRealIsoMonth } from '../../../contract/calendar-dates';

const dayMs = 24 * 3600 * 1000;

export const isRealDate = isRealIsoDate;

/** First and last day of a 'YYYY-MM' month, or undefined for anything else. */
export function monthRange(month: string): { from: string; to: string } | undefined {
  if (!isRealIsoMonth(month)) return undefined;
  const [year, index] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** Days from `from` to `to` inclusive (both real dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}
