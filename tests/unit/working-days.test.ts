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
