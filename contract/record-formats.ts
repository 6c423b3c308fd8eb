/**
 * How school records are written down: dates in the formats Indian schools use, class names
 * (Nursery, LKG, UKG, I to XII, 1 to 12, "Class 5", "5th", "Std. V"), sections, genders and phone
 * numbers, each turned into one stored form. Pure functions, shared by the forms, the server's
 * routes and its bulk imports, so a value typed in a form and the same value in a spreadsheet end
 * up identical. Also the zod field builders the entity modules (student.ts, teacher.ts ...) use.
 */
import { z } from 'zod';
import { calendarDate } from './calendar-dates';
import { isValidAadhaar, isValidApaar, normalizeIndianMobile, stripIdSeparators } from './indian-ids';
import { messages } from './messages';
import { canonicalClassName } from './class-names';
import { todayIso } from './school-day';

export { canonicalClassName, romanClassNames } from './class-names';
export { schoolClockNow, schoolTodayIso, todayIso } from './school-day';

// ---------------------------------------------------------------------------------------------
// Dates: stored as YYYY-MM-DD.

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthFromName(name: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = monthNames.findIndex((month) => lower.startsWith(month));
  if (index < 0) return undefined;
  // "sept" is the only common abbreviation longer than three letters that is not the full name
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][index]!;
  return full.startsWith(lower) || lower === 'sept' ? index + 1 : undefined;
}

function fullYear(year: string, today: Date): number {
  if (year.length === 4) return Number(year);
  const twoDigits = Number(year);
  const pivot = today.getUTCFullYear() % 100;
  return twoDigits <= pivot ? 2000 + twoDigits : 1900 + twoDigits;
}

const isoDate = calendarDate;

/**
 * A date as schools write it, as YYYY-MM-DD; undefined when it is not a real date. Accepted:
 * 2014-04-12, 12/04/2014, 12-04-2014, 12.04.2014, 12/4/14, 12 Apr 2014, 12-April-2014,
 * 12th April 2014, April 12, 2014, 2014/04/12. Day first, as in India; a month-first date is read
 * only when it cannot be day first (04/23/2014).
 */
export function normalizeDate(value: string, today: Date = new Date()): string | undefined {
  const text = value.trim().replace(/\s+/g, ' ');
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4}|\d{2})$/.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = fullYear(match[3]!, today);
    if (second > 12 && first <= 12) return isoDate(year, first, second);
    return isoDate(year, second, first);
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?[ \-/.]*([A-Za-z]{3,9})[ \-/.,]*(\d{4}|\d{2})$/.exec(text);
  if (match) {
    const month = monthFromName(match[2]!);
    return month ? isoDate(fullYear(match[3]!, today), month, Number(match[1])) : undefined;
  }
  match = /^([A-Za-z]{3,9})[ \-/.]*(\d{1,2})(?:st|nd|rd|th)?[ ,\-/.]+(\d{4})$/.exec(text);
  if (match) {
    const month = monthFromName(match[1]!);
    return month ? isoDate(Number(match[3]), month, Number(match[2])) : undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Class names and sections.

/** A section as stored: trimmed, a single letter upper-cased ("a" -> "A"); longer names as written. */
export function canonicalSection(value: string): string {
  const tidy = value.trim().replace(/\s+/g, ' ');
  return tidy.length === 1 ? tidy.toUpperCase() : tidy;
}

/**
 * Reads "V-A", "5 A", "5A", "Class 10 - B" when no separate section is given: a known class name
 * followed by a one-letter section. A name that is itself a known class ("XII", "UKG") is not split.
 */
export function splitClassAndSection(className: string, classSection: string): { className: string; classSection: string } {
  const whole = canonicalClassName(className);
  if (classSection.trim() !== '' || whole.known) return { className: whole.name, classSection: canonicalSection(classSection) };
  const match = /^(.*?)[\s\-/]*([A-Za-z])$/.exec(className.trim());
  if (match && match[1]) {
    const head = canonicalClassName(match[1]);
    if (head.known) return { className: head.name, classSection: match[2]!.toUpperCase() };
  }
  return { className: whole.name, classSection: '' };
}

/** The key two class names are matched on (canonical, case-insensitive). */
export function classKey(className: string, classSection: string): string {
  return `${canonicalClassName(className).name.toLowerCase()}\u0000${canonicalSection(classSection).toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Gender and phone numbers.

export const genders = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof genders)[number];

const genderWords: Record<string, Gender> = {
  m: 'Male',
  male: 'Male',
  boy: 'Male',
  f: 'Female',
  female: 'Female',
  girl: 'Female',
  o: 'Other',
  other: 'Other',
  others: 'Other',
  t: 'Other',
  transgender: 'Other',
};

export function normalizeGender(value: string): Gender | undefined {
  return genderWords[value.trim().toLowerCase()];
}

/**
 * Any Indian phone number, mobile or landline with its STD code: 10 significant digits, optionally
 * after +91 or a trunk 0, with spaces, hyphens or brackets. Stored as the 10 digits.
 */
export function normalizeIndianPhone(value: string): string | undefined {
  const mobile = normalizeIndianMobile(value);
  if (mobile) return mobile;
  const digits = value.trim().replace(/[\s\-()]/g, '');
  return /^(?:\+91|0)?([1-9]\d{9})$/.exec(digits)?.[1];
}

// ---------------------------------------------------------------------------------------------
// zod field builders: blank means "not given" (null); every field says what is wrong in words.

const f = messages.records.fields;

function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

/** Text that may be left empty (stored null), at most `max` characters. */
export function optionalText(label: string, max: number) {
  return z
    .preprocess(blankToNull, z.string(f.text(label)).trim().max(max, f.tooLong(label, max)).nullable())
    .optional()
    .transform((value) => value ?? null);
}

/** Required text, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string(f.required(label))
    .trim()
    .min(1, f.required(label))
    .max(max, f.tooLong(label, max));
}

function normalized<T>(message: string, normalize: (value: string) => T | undefined) {
  return z
    .preprocess(
      blankToNull,
      z
        .union([z.string(), z.number()], message)
        .transform((value, ctx) => {
          const result = normalize(String(value));
          if (result === undefined) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          return result;
        })
        .nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
}

export const optionalEmail = (label: string) =>
  z
    .preprocess(
      blankToNull,
      z.string(f.email(label)).trim().toLowerCase().max(254, f.email(label)).pipe(z.email(f.email(label))).nullable(),
    )
    .optional()
    .transform((value) => value ?? null);

export const optionalDate = (label: string) => normalized(f.date(label), (value) => normalizeDate(value));
export const optionalPastDate = (label: string) =>
  normalized(f.pastDate(label), (value) => {
    const date = normalizeDate(value);
    return date && date <= todayIso() ? date : undefined;
  });
/** Spaces, hyphens and brackets people type into numbers ("+91 98765-43210") are dropped first. */
const withoutPhoneSeparators = (value: string) => value.replace(/[\s\-()]/g, '');
export const optionalMobile = (label: string) => normalized(f.mobile(label), (value) => normalizeIndianMobile(withoutPhoneSeparators(value)));
export const optionalPhone = (label: string) => normalized(f.phone(label), normalizeIndianPhone);
export const optionalGender = () => normalized(f.gender, normalizeGender);
export const optionalAadhaar = () =>
  normalized(f.aadhaar, (value) => {
    const digits = stripIdSeparators(value);
    return isValidAadhaar(digits) ? digits : undefined;
  });
export const optionalApaar = () =>
  normalized(f.apaar, (value) => {
    const digits = stripIdSeparators(value);
    return isValidApaar(digits) ? digits : undefined;
  });
