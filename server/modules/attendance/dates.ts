/** Calendar dates as the API carries them ('YYYY-MM-DD', 'YYYY-MM'), checked as real dates, in UTC. */

const dayMs = 24 * 3600 * 1000;

export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** First and last day of a 'YYYY-MM' month, or undefined for anything else. */
export function monthRange(month: string): { from: string; to: string } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return undefined;
  const [year, index] = [Number(match[1]), Number(match[2])];
  if (index < 1 || index > 12 || year < 2000 || year > 2100) return undefined;
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
