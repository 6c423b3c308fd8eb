/**
 * The arithmetic of the attendance screens, pure and unit-tested: dates as `YYYY-MM-DD` strings in
 * the device's calendar, totals and the percentage rule the server uses (contract/attendance.ts:
 * (present + late) / marked days x 100, one decimal; null with nothing marked), class and student
 * order, and the month grid of the calendar.
 */
import { attendanceStatuses, type AttendanceStatus, type AttendanceTotals } from '../../../contract/attendance';
import { longDate, monthYear } from '../../ui/dates';

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today on this device's calendar (a register is kept in local time). */
export function today(now: Date = new Date()): string {
  return isoDate(now);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

export function isMonth(value: string | null | undefined): value is string {
  return Boolean(value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value));
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(y, m, 0).getDate();
}

/** Every date of the month, in order. */
export function monthDates(month: string): string[] {
  return Array.from({ length: daysInMonth(month) }, (_, i) => `${month}-${pad(i + 1)}`);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(y, m - 1 + by, 1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

export function percentage(attended: number, total: number): number | null {
  if (total === 0) return null;
  return Math.round((attended / total) * 1000) / 10;
}

export function totalsOf(records: readonly { status: AttendanceStatus }[]): AttendanceTotals {
  const totals = { present: 0, absent: 0, late: 0, leave: 0, total: 0 };
  for (const { status } of records) {
    if (!attendanceStatuses.includes(status)) continue;
    totals[status] += 1;
    totals.total += 1;
  }
  return { ...totals, percentage: percentage(totals.present + totals.late, totals.total) };
}

export function formatPercentage(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(1).replace(/\.0$/, '')}%`;
}

/** The school's class order (contract/class-order.ts), for the attendance pickers. */
export { compareClasses } from '../../../contract/class-order';

function rollOf(value: unknown): number {
  const number = typeof value === 'string' || typeof value === 'number' ? Number.parseInt(String(value), 10) : Number.NaN;
  return Number.isFinite(number) ? number : Number.POSITIVE_INFINITY;
}

/** Roll number order (numeric), then name. */
export function compareStudents(
  a: { rollNumber?: unknown; firstName: string; lastName: string },
  b: { rollNumber?: unknown; firstName: string; lastName: string },
): number {
  const ra = rollOf(a.rollNumber);
  const rb = rollOf(b.rollNumber);
  if (ra !== rb) return ra < rb ? -1 : 1;
  return `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);
}

/** The month as weeks of seven cells (Monday first); null pads the days outside the month. */
export function calendarWeeks(month: string): (string | null)[][] {
  const dates = monthDates(month);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const lead = (new Date(y, m - 1, 1).getDay() + 6) % 7;
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "22 June 2025" (spec section 3: numeric year, full month name, numeric day; src/ui/dates.ts). */
export function formatDay(date: string): string {
  return longDate(date) ?? date;
}

/** "June 2025". */
export function formatMonth(month: string): string {
  return monthYear(month);
}

/** The same day of another month, clamped to that month's length. */
export function shiftDate(date: string, months: number): string {
  const month = shiftMonth(monthOf(date), months);
  const day = Math.min(Number(date.slice(8)), daysInMonth(month));
  return `${month}-${pad(day)}`;
}
