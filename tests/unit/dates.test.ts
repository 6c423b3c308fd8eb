/** src/ui/dates.ts: the one Indian date format of the app, the same in every time zone. */
import { afterEach, describe, expect, it } from 'vitest';
import { clockTime, longDate, monthYear, shortDate, shortDateTime, timeOfDay } from '../../src/ui/dates';

const zones = ['UTC', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo'];
const originalZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalZone;
});

describe('calendar dates (YYYY-MM-DD)', () => {
  it('23/11/2026 in tables, 23 November 2026 in prose, in every time zone', () => {
    for (const zone of zones) {
      process.env.TZ = zone;
      expect(shortDate('2026-11-23'), zone).toBe('23/11/2026');
      expect(longDate('2026-11-23'), zone).toBe('23 November 2026');
      expect(shortDate('2025-01-01'), zone).toBe('01/01/2025');
      expect(longDate('2025-12-31'), zone).toBe('31 December 2025');
      expect(longDate('2024-02-29'), zone).toBe('29 February 2024');
      expect(monthYear('2026-11'), zone).toBe('November 2026');
    }
  });

  it('nothing for no date; an unreadable or impossible date as given', () => {
    for (const empty of [null, undefined, '']) {
      expect(shortDate(empty)).toBeNull();
      expect(longDate(empty)).toBeNull();
    }
    expect(shortDate('someday')).toBe('someday');
    expect(longDate('2025-02-29')).toBe('2025-02-29');
    expect(shortDate('2025-13-01')).toBe('2025-13-01');
    expect(monthYear('2025-13')).toBe('2025-13');
  });
});

describe('timestamps', () => {
  it('are the day and time on the user’s clock', () => {
    process.env.TZ = 'Asia/Kolkata';
    // 20:00 UTC on 22 June is 01:30 on 23 June in India.
    expect(shortDate('2025-06-22T20:00:00.000Z')).toBe('23/06/2025');
    expect(longDate('2025-06-22T20:00:00.000Z')).toBe('23 June 2025');
    expect(shortDateTime('2025-06-22T09:35:00.000Z')).toBe('22/06/2025, 3:05 pm');
    expect(timeOfDay(Date.UTC(2025, 5, 22, 3, 30))).toBe('9:00 am');
    process.env.TZ = 'UTC';
    expect(shortDate('2025-06-22T20:00:00.000Z')).toBe('22/06/2025');
  });
});

describe('times of day as stored (HH:MM)', () => {
  it('writes them on the 12-hour clock, as timestamps are: 9:30 am, 5:00 pm', () => {
    expect(clockTime('09:30')).toBe('9:30 am');
    expect(clockTime('17:00')).toBe('5:00 pm');
    expect(clockTime('20:00')).toBe('8:00 pm');
    expect(clockTime('00:05')).toBe('12:05 am');
    expect(clockTime('12:30')).toBe('12:30 pm');
    expect(clockTime('12:30:00')).toBe('12:30 pm');
    expect(clockTime('later')).toBe('later');
    expect(clockTime('25:00')).toBe('25:00');
  });
});
