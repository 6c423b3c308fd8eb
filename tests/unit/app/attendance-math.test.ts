import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  compareClasses,
  compareStudents,
  daysInMonth,
  formatPercentage,
  isIsoDate,
  isMonth,
  monthDates,
  percentage,
  shiftDate,
  shiftMonth,
  today,
  totalsOf,
} from '../../../src/features/attendance/attendance-math';

describe('attendance arithmetic', () => {
  it('counts marked days and applies the server rule: (present + late) / marked, one decimal', () => {
    const totals = totalsOf([
      { status: 'present' },
      { status: 'present' },
      { status: 'late' },
      { status: 'absent' },
      { status: 'leave' },
      { status: 'present' },
    ]);
    expect(totals).toEqual({ present: 3, absent: 1, late: 1, leave: 1, total: 6, percentage: 66.7 });
    expect(totalsOf([]).percentage).toBeNull();
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(2, 3)).toBe(66.7);
    expect(formatPercentage(null)).toBe('–');
    expect(formatPercentage(100)).toBe('100%');
    expect(formatPercentage(66.7)).toBe('66.7%');
  });

  it('works with dates of the device calendar', () => {
    expect(today(new Date(2025, 5, 22, 23, 59))).toBe('2025-06-22');
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(isMonth('2025-06')).toBe(true);
    expect(isMonth('2025-6')).toBe(false);
    expect(daysInMonth('2024-02')).toBe(29);
    expect(monthDates('2025-06')).toHaveLength(30);
    expect(monthDates('2025-06')[0]).toBe('2025-06-01');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftDate('2025-01-31', 1)).toBe('2025-02-28');
    expect(shiftDate('2025-03-15', -1)).toBe('2025-02-15');
  });

  it('lays a month out in weeks starting on Monday', () => {
    const weeks = calendarWeeks('2025-06');
    // 1 June 2025 is a Sunday: six empty cells before it.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2025-06-01']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('orders classes pre-primary first, then by number (Roman or Arabic), then section', () => {
    const names = [
      { className: 'X', classSection: 'A' },
      { className: 'II', classSection: 'B' },
      { className: 'UKG', classSection: 'A' },
      { className: 'IX', classSection: 'A' },
      { className: 'II', classSection: 'A' },
      { className: 'LKG', classSection: 'A' },
      { className: 'Music club', classSection: '' },
      { className: 'IV', classSection: 'A' },
    ];
    expect([...names].sort(compareClasses).map((c) => `${c.className}${c.classSection}`)).toEqual([
      'LKGA',
      'UKGA',
      'IIA',
      'IIB',
      'IVA',
      'IXA',
      'XA',
      'Music club',
    ]);
  });

  it('orders students by roll number, then name; a missing roll number goes last', () => {
    const students = [
      { rollNumber: '10', firstName: 'B', lastName: 'X' },
      { rollNumber: '2', firstName: 'C', lastName: 'X' },
      { rollNumber: null, firstName: 'A', lastName: 'X' },
      { rollNumber: '2', firstName: 'A', lastName: 'Y' },
    ];
    expect([...students].sort(compareStudents).map((s) => `${s.rollNumber}${s.firstName}`)).toEqual(['2A', '2C', '10B', 'nullA']);
  });
});
