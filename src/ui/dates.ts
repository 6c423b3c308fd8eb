/**
 * The app's one way of writing dates, the Indian one: 23/11/2026 in tables and lists, 23 November
 * 2026 in prose and on certificates, November 2026 for a month. Lint forbids the browser's own
 * date formatting everywhere else (eslint.config.js), so a new screen cannot write 11/23/2026.
 *
 * A calendar date ('YYYY-MM-DD': a birthday, an admission, a register day) is written from its
 * digits and never goes through a Date, so no time zone can move it by a day. A timestamp (an
 * instant with a time) is written as the day and time on the user's clock.
 *
 * In Hindi and Marathi the month and weekday names are the language's, through Intl in that
 * language with Latin digits (23 नवंबर 2026, 23 नोव्हेंबर, 2026); the digits-only forms (23/11/2026)
 * and the 12-hour clock (9:30 am) are the same in all three (docs/i18n.md "Formats").
 */
import { formatLocales } from '../i18n/catalogs';
import { currentLanguage } from '../i18n/language';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(year: number, month: number, day: number): CalendarDay | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= length ? { year, month, day } : null;
}

/** The calendar day a value names: a 'YYYY-MM-DD' as written, a timestamp on the user's clock. */
function dayOf(value: string | Date): CalendarDay | null {
  if (typeof value === 'string') {
    const match = dateOnly.exec(value.trim());
    if (match) return validDay(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const when = instantOf(value);
  return when ? { year: when.getFullYear(), month: when.getMonth() + 1, day: when.getDate() } : null;
}

function instantOf(value: string | number | Date): Date | null {
  if (typeof value === 'string' && !/\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const when = value instanceof Date ? value : new Date(value);
  return Number.isNaN(when.getTime()) ? null : when;
}

type DateInput = string | Date | null | undefined;

/** "23/11/2026": tables, lists, registers. Null for no value; an unreadable value as given. */
export function shortDate(value: DateInput): string | null {
  if (value === null || value === undefined || value === '') return null;
  const day = dayOf(value);
  if (!day) return typeof value === 'string' ? value : null;
  return `${pad(day.day)}/${pad(day.month)}/${day.year}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day written by Intl in the active language. */
function inLanguage(day: CalendarDay, options: Intl.DateTimeFormatOptions): string {
  const locale = formatLocales[currentLanguage()];
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

/** "23 November 2026": sentences, headings, profiles and certificates. */
export function longDate(value: DateInput): string | null {
  if (value === null || value === undefined || value === '') return null;
  const day = dayOf(value);
  if (!day) return typeof value === 'string' ? value : null;
  if (currentLanguage() !== 'en') return inLanguage(day, { day: 'numeric', month: 'long', year: 'numeric' });
  return `${day.day} ${months[day.month - 1]} ${day.year}`;
}

/** "November 2026" for a month 'YYYY-MM' (as given when unreadable). */
export function monthYear(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month.trim());
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index >= 12) return month;
  if (currentLanguage() !== 'en') return inLanguage({ year: Number(match[1]), month: index + 1, day: 1 }, { month: 'long', year: 'numeric' });
  return `${months[index]} ${match[1]}`;
}

/** "November" (नवंबर, नोव्हेंबर) for a month 1 to 12. */
export function monthName(month: number): string {
  if (currentLanguage() === 'en') return months[month - 1] ?? String(month);
  return month >= 1 && month <= 12 ? inLanguage({ year: 2026, month, day: 1 }, { month: 'long' }) : String(month);
}

/**
 * "Monday" or "Mon" (सोमवार, सोम) for a weekday as Date.getUTCDay() numbers it, 0 being Sunday.
 * 4 January 2026 was a Sunday.
 */
export function weekdayName(weekday: number, width: 'long' | 'short' = 'long'): string {
  return inLanguage({ year: 2026, month: 1, day: 4 + (((weekday % 7) + 7) % 7) }, { weekday: width });
}

const clock = (hours: number, minutes: number) => `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'am' : 'pm'}`;

/** "3:05 pm" on the user's clock (India's 12-hour clock). */
export function timeOfDay(when: number | Date): string {
  const at = new Date(when);
  return clock(at.getHours(), at.getMinutes());
}

/**
 * "9:30 am", "5:00 pm": a time of day as stored ('HH:MM', a period, a paper, an event), on the
 * same 12-hour clock; as given when unreadable. The one way screens write a time.
 */
export function clockTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return value;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? clock(hours, minutes) : value;
}

/** "23/11/2026, 3:05 pm": a moment something happened, on the user's clock. */
export function shortDateTime(value: string | number | Date): string {
  const when = instantOf(value);
  if (!when) return String(value);
  return `${shortDate(when)}, ${timeOfDay(when)}`;
}
