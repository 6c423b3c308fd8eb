/**
 * The one rule for a date the API reads, in a query string, a path or a body: a real day of the
 * calendar (no 30 February, no month 13, no year 0) in the years a school's records span, 1900 to
 * 2200 (dates of birth in the 1900s, academic years and fee plans decades ahead). Anything else is
 * a 400 naming the field, before a query runs: the database refuses such dates with an error that
 * would otherwise surface as a 500. Fields that take the forms schools write (12/04/2014, 12 Apr
 * 2014) read them through record-formats.ts normalizeDate, which ends in `calendarDate` here.
 */
import { z } from 'zod';

export const firstCalendarYear = 1900;
export const lastCalendarYear = 2200;

export const calendarMessages = {
  date: 'Use a real calendar date like 2025-06-22.',
  month: 'Use a month like 2025-06.',
  dateTime: 'Use a date and time like 2025-06-22T09:30:00+05:30.',
};

/** YYYY-MM-DD of that day when it is a real one in the years above; undefined otherwise. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (year < firstCalendarYear || year > lastCalendarYear || month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoMonthPattern = /^(\d{4})-(\d{2})$/;

/** Exactly 'YYYY-MM-DD', a real date in range. */
export function isRealIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  return match !== null && calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) !== undefined;
}

/** Exactly 'YYYY-MM', a month of a year in range. */
export function isRealIsoMonth(value: string): boolean {
  const match = isoMonthPattern.exec(value);
  return match !== null && calendarDate(Number(match[1]), Number(match[2]), 1) !== undefined;
}

/**
 * A field holding exactly YYYY-MM-DD of a real date: `message` when it is not written that way,
 * `realMessage` when it is but names no real day in range (2026-02-30, 0000-01-01).
 */
export function isoDateField(message: string = calendarMessages.date, realMessage: string = message) {
  return z.string(message).regex(isoDatePattern, message).refine(isRealIsoDate, realMessage);
}

/** A field holding exactly YYYY-MM of a real month in range. */
export function isoMonthField(message: string = calendarMessages.month, realMessage: string = message) {
  return z.string(message).regex(isoMonthPattern, message).refine(isRealIsoMonth, realMessage);
}

/** An ISO date-time with its offset (a device's clock, a publish time) whose day is in range. */
export function isoDateTimeField(message: string = calendarMessages.dateTime) {
  return z.iso.datetime({ offset: true, message }).refine((value) => isRealIsoDate(value.slice(0, 10)), message);
}

/** yyyy-mm-dd as India writes it, 23/11/2026 (prints, notices and messages the server writes). */
export const indianDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
