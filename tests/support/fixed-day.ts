/**
 * The app and the server take "today" from the clock (new Date()); a test whose checks depend on
 * the day fixes it here, so they run the same on every day of every year. Only Date is faked:
 * timers, the sync engine's waits, fake-indexeddb and the database keep real time. The clock stands
 * still at noon UTC of the day (17:30 in India), the same date in every time zone from UTC-11 to
 * UTC+11.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

/** Noon UTC of `day` (YYYY-MM-DD). */
export function noonOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

function fix(day: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(noonOf(day));
}

/** Fixes the clock at noon of `day` for each test of the file, or of the describe block, that calls it. */
export function onDay(day: string): void {
  beforeEach(() => fix(day));
  afterEach(() => {
    vi.useRealTimers();
  });
}

/**
 * Fixes the clock at noon of `day` from before the file's (or block's) first hook to after its
 * last: for a server in the test's process seeded once for the day. Call it before the hook that
 * seeds.
 */
export function onDayThroughout(day: string): void {
  beforeAll(() => fix(day));
  afterAll(() => {
    vi.useRealTimers();
  });
}
