import { describe, expect, it } from 'vitest';
import {
  closes,
  countWorkingDays,
  datesBetween,
  holidayDates,
  holidayOn,
  isSunday,
  isWorkingDay,
  workingDays,
  workingDaysBefore,
  workingDaysFrom,
  workingDaysSoFar,
  type CalendarEntry,
} from '../../contract/working-days';

const school = { kind: 'school', classIds: [] };
const holiday = (startDate: string, endDate = startDate, audience: CalendarEntry['audience'] = school): CalendarEntry => ({
  kind: 'holiday',
  startDate,
  endDate,
  audience,
});

describe('working days', () => {
  it('knows Sundays (26/11/2026 is a Thursday, 29/11/2026 a Sunday)', () => {
    expect(isSunday('2026-11-26')).toBe(false);
    expect(isSunday('2026-11-29')).toBe(true);
    expect(isSunday('2027-01-31')).toBe(true);
  });

  it('counts Monday to Saturday: 25 in November 2026 (30 days, five Sundays)', () => {
    // 1/11/2026 is a Sunday: Sundays 1, 8, 15, 22, 29.
    expect(countWorkingDays('2026-11-01', '2026-11-30', [])).toBe(25);
    expect(workingDays('2026-11-28', '2026-12-01', [])).toEqual(['2026-11-28', '2026-11-30', '2026-12-01']);
  });

  it('leaves out school-wide holidays, including multi-day breaks, clipped to the range', () => {
    const diwali = holiday('2026-11-07', '2026-11-11');
    // 7 (Sat), 9, 10, 11 are working days lost; 8 is a Sunday anyway.
    expect(countWorkingDays('2026-11-01', '2026-11-30', [diwali])).toBe(21);
    expect(holidayDates([diwali], '2026-11-09', '2026-11-30')).toEqual(new Set(['2026-11-09', '2026-11-10', '2026-11-11']));
    expect(isWorkingDay('2026-11-10', [diwali])).toBe(false);
    expect(isWorkingDay('2026-11-12', [diwali])).toBe(true);
  });

  it('a class holiday closes that class only; other kinds of events close nothing', () => {
    const forVa = holiday('2026-12-02', '2026-12-02', { kind: 'classes', classIds: ['va'] });
    const annualDay: CalendarEntry = { kind: 'event', startDate: '2026-12-03', endDate: '2026-12-03', audience: school };
    expect(closes(forVa, 'va')).toBe(true);
    expect(closes(forVa, 'vib')).toBe(false);
    expect(closes(forVa)).toBe(false);
    expect(closes(annualDay, 'va')).toBe(false);
    expect(countWorkingDays('2026-12-01', '2026-12-05', [forVa, annualDay], 'va')).toBe(4);
    expect(countWorkingDays('2026-12-01', '2026-12-05', [forVa, annualDay], 'vib')).toBe(5);
    expect(holidayOn('2026-12-02', [annualDay, forVa], 'va')).toBe(forVa);
    expect(holidayOn('2026-12-02', [annualDay, forVa], 'vib')).toBeUndefined();
  });

  it('an empty or reversed range has no days', () => {
    expect(datesBetween('2026-12-05', '2026-12-01')).toEqual([]);
    expect(countWorkingDays('2026-12-05', '2026-12-01', [])).toBe(0);
    expect(datesBetween('2027-02-27', '2027-03-01')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
  });
});

describe('the working days a screen or the seed counts', () => {
  const diwali = holiday('2026-11-07', '2026-11-11');
  const guruNanak = holiday('2026-11-24');

  it('counts a month so far without its Sundays and holidays, and none of a month to come', () => {
    // 1-25/11/2026: 25 days less Sundays 1, 8, 15, 22, less 7, 9, 10, 11 and 24.
    expect(workingDaysSoFar('2026-11', '2026-11-25', [diwali, guruNanak])).toHaveLength(16);
    expect(workingDaysSoFar('2026-11', '2026-11-25', [diwali, guruNanak])).not.toContain('2026-11-26');
    // October 2026: 31 days, Sundays 4, 11, 18, 25.
    expect(workingDaysSoFar('2026-10', '2026-11-25', [])).toHaveLength(27);
    expect(workingDaysSoFar('2026-12', '2026-11-25', [])).toEqual([]);
  });

  it('counts back and forward over working days only', () => {
    expect(workingDaysBefore('2026-11-25', 3, [diwali, guruNanak])).toEqual(['2026-11-20', '2026-11-21', '2026-11-23']);
    expect(workingDaysBefore('2026-11-13', 4, [diwali])).toEqual(['2026-11-04', '2026-11-05', '2026-11-06', '2026-11-12']);
    expect(workingDaysFrom('2026-11-07', 2, [diwali])).toEqual(['2026-11-12', '2026-11-13']);
    expect(workingDaysFrom('2026-11-12', 1, [diwali])).toEqual(['2026-11-12']);
  });
});
