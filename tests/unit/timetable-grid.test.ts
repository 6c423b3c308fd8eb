/**
 * The timetable's grid and checks worked out on the device (src/features/timetable/grid.ts), the
 * staff register (src/features/teacher-attendance/register.ts) and the staff mark's id: the clash a
 * cell would make against the mirror's entries (the rule the school judges by), the weekly limit,
 * a class's and a teacher's week with substitutions, the phone's day, a day copied onto another,
 * absent teachers' uncovered periods with who is free, and the register's working days and totals.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { periodProblems } from '../../contract/timetable';
import { buildRegister, markCode, shiftMonth } from '../../src/features/teacher-attendance/register';
import { checkCell, dayOf, nextPeriod, openingDay, planDayCopy, uncoveredOn, weekDates, weekOf } from '../../src/features/timetable/grid';
import { nextPeriodOf } from '../../src/features/admin/dashboard/timetable-today';
import { teacherAttendanceId } from '../../sync/kinds/teacher-attendance';
import type { TeacherAttendanceRow } from '../../sync/modules/teacher-attendance';
import type { PeriodRow, SubstitutionRow, TimetableEntryRow } from '../../sync/modules/timetable';

const uuid = (n: number) => `0197e000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [va, vib, viic] = [uuid(1), uuid(2), uuid(3)];
const [maths, english, science] = [uuid(11), uuid(12), uuid(13)];
const [ravi, meera, asha, nikhil] = [uuid(21), uuid(22), uuid(23), uuid(24)];

const period = (id: number, day: number, position: number, kind: 'teaching' | 'break' = 'teaching'): PeriodRow => ({
  id: uuid(100 + id),
  day,
  position,
  name: kind === 'break' ? 'Break' : `Period ${position}`,
  startTime: `${String(7 + position).padStart(2, '0')}:00`,
  endTime: `${String(7 + position).padStart(2, '0')}:40`,
  kind,
  rev: 1,
});
const periods: PeriodRow[] = [period(1, 1, 1), period(2, 1, 2), period(3, 1, 3, 'break'), period(4, 1, 4), period(5, 2, 1), period(6, 2, 2), period(7, 6, 1)];
const p = (n: number) => uuid(100 + n);
const entry = (n: number, classId: string, periodNo: number, subjectId: string, teacherId: string | null, room = ''): TimetableEntryRow => ({
  id: uuid(200 + n),
  classId,
  periodId: p(periodNo),
  subjectId,
  teacherId,
  room,
  rev: 1,
});
const entries: TimetableEntryRow[] = [
  entry(1, va, 1, maths, ravi, '101'),
  entry(2, va, 2, english, meera),
  entry(3, va, 4, maths, ravi),
  entry(4, vib, 1, english, meera, 'Lab'),
  entry(5, vib, 2, science, asha),
];

describe('the clash check against the mirror', () => {
  it('finds a teacher in two classes, a room used twice and a class slot taken, naming the other entry', () => {
    const teacher = checkCell(entries, [], { classId: vib, periodId: p(4), subjectId: maths, teacherId: ravi, room: '' });
    expect(teacher.clash).toMatchObject({ kind: 'teacher', other: { classId: va } });
    const room = checkCell(entries, [], { classId: viic, periodId: p(1), subjectId: science, teacherId: nikhil, room: ' lab ' });
    expect(room.clash).toMatchObject({ kind: 'room', other: { classId: vib } });
    const slot = checkCell(entries, [], { classId: va, periodId: p(1), subjectId: english, teacherId: nikhil, room: '' });
    expect(slot.clash).toMatchObject({ kind: 'slot', other: { id: uuid(201) } });
    // The entry itself, changed in place, does not clash with itself; no teacher clashes with nobody.
    expect(checkCell(entries, [], { id: uuid(201), classId: va, periodId: p(1), subjectId: english, teacherId: ravi, room: '101' }).clash).toBeNull();
    expect(checkCell(entries, [], { classId: viic, periodId: p(2), subjectId: science, teacherId: null, room: '' }).clash).toBeNull();
  });

  it('counts the subject’s week with the candidate and reads the school’s limit', () => {
    const check = checkCell(entries, [{ id: uuid(300), subjectId: maths, perWeek: 2, rev: 1 }], { classId: va, periodId: p(5), subjectId: maths, teacherId: ravi, room: '' });
    expect(check).toMatchObject({ clash: null, count: 3, limit: 2 });
  });

  it('checks a bell schedule as typed: an end before its start, overlapping periods of a day', () => {
    const problems = periodProblems([
      { day: 1, name: 'Period 1', startTime: '08:00', endTime: '08:40' },
      { day: 1, name: 'Period 2', startTime: '08:30', endTime: '09:10' },
      { day: 2, name: 'Period 1', startTime: '09:00', endTime: '08:00' },
      { day: 2, name: 'Period 2', startTime: '08:00', endTime: '08:40' },
    ]);
    expect([...problems.keys()].sort()).toEqual([1, 2]);
    expect(problems.get(1)).toBe('Period 1 and Period 2 overlap on Monday.');
  });
});

describe('the week and the phone’s day', () => {
  const substitutions: SubstitutionRow[] = [{ id: uuid(400), entryId: uuid(201), classId: va, periodId: p(1), date: '2026-11-23', teacherId: asha, rev: 1 }];

  it('lays out a class’s week by day and period, breaks included, with this week’s substitutions', () => {
    const week = weekOf(periods, entries, { classId: va }, substitutions, weekDates('2026-11-25'));
    expect(week.map((column) => column.day)).toEqual([1, 2, 6]);
    const monday = week[0]!;
    expect(monday.cells.map((cell) => [cell.period.name, cell.entry?.subjectId ?? null])).toEqual([
      ['Period 1', maths],
      ['Period 2', english],
      ['Break', null],
      ['Period 4', maths],
    ]);
    expect(monday.cells[0]!.substitution).toMatchObject({ teacherId: asha });
    // Another week: no substitution shown.
    expect(weekOf(periods, entries, { classId: va }, substitutions, weekDates('2026-12-02'))[0]!.cells[0]!.substitution).toBeNull();
  });

  it('shows a teacher their own periods and the ones they cover that day', () => {
    const asha1 = dayOf(periods, entries, { teacherId: asha }, 1, substitutions, '2026-11-23');
    expect(asha1.cells.map((cell) => cell.entry?.classId ?? null)).toEqual([va, vib, null, null]);
    expect(asha1.cells[0]!.substitution).toMatchObject({ entryId: uuid(201) });
    const ravi1 = dayOf(periods, entries, { teacherId: ravi }, 1, substitutions, '2026-11-23');
    expect(ravi1.cells[0]).toMatchObject({ entry: { id: uuid(201) }, substitution: { teacherId: asha } });
    expect(nextPeriod(ravi1, '08:30')).toMatchObject({ period: { name: 'Period 4' } });
  });

  it('opens the phone’s day on today, or on the first day with periods', () => {
    expect(openingDay(periods, '2026-11-24')).toBe(2);
    expect(openingDay(periods, '2026-11-29')).toBe(1);
    expect(openingDay(periods, '2026-11-26')).toBe(1);
    expect(weekDates('2026-11-29')[1]).toBe('2026-11-30');
    expect(weekDates('2026-11-26')).toMatchObject({ 1: '2026-11-23', 6: '2026-11-28' });
  });
});

describe('copying a day', () => {
  it('copies period by period, leaves out clashes with other classes and what has no period', () => {
    const busy = [...entries, entry(9, vib, 5, maths, ravi)];
    const plan = planDayCopy(periods, busy, va, 1, 2);
    expect(plan.creates).toEqual([{ classId: va, periodId: p(6), subjectId: english, teacherId: meera, room: '' }]);
    expect(plan.updates).toEqual([]);
    expect(plan.skipped.map((one) => [one.periodName, one.clash?.other.classId ?? null])).toEqual([
      ['Period 1', vib],
      ['Period 4', null],
    ]);
  });
});

describe('substitution on the device', () => {
  const marks: TeacherAttendanceRow[] = [
    { id: uuid(500), teacherId: ravi, date: '2026-11-23', status: 'absent', leaveType: null, remark: '', markedBy: uuid(600), markedAt: '', deviceMarkedAt: null, rev: 1 },
    { id: uuid(501), teacherId: nikhil, date: '2026-11-23', status: 'leave', leaveType: 'sick', remark: '', markedBy: uuid(600), markedAt: '', deviceMarkedAt: null, rev: 1 },
    { id: uuid(502), teacherId: meera, date: '2026-11-23', status: 'half_day', leaveType: null, remark: '', markedBy: uuid(600), markedAt: '', deviceMarkedAt: null, rev: 1 },
  ];
  it('lists the away teachers’ periods with who is free (not teaching then, not away, not substituting)', () => {
    const teachers = [ravi, meera, asha, nikhil];
    const uncovered = uncoveredOn('2026-11-23', periods, entries, [], marks, teachers);
    expect(uncovered.map((one) => [one.period.name, one.freeTeacherIds])).toEqual([
      ['Period 1', [asha]],
      ['Period 4', [meera, asha]],
    ]);
    const substitutions: SubstitutionRow[] = [{ id: uuid(401), entryId: uuid(203), classId: va, periodId: p(4), date: '2026-11-23', teacherId: asha, rev: 1 }];
    const after = uncoveredOn('2026-11-23', periods, entries, substitutions, marks, teachers);
    expect(after[1]).toMatchObject({ substitution: { teacherId: asha }, freeTeacherIds: [meera] });
    expect(uncoveredOn('2026-11-29', periods, entries, [], marks, teachers)).toEqual([]);
  });
});

describe('the staff register on the device', () => {
  it('shades Sundays and whole-school holidays, and counts half days as half', () => {
    const mark = (date: string, status: TeacherAttendanceRow['status'], leaveType: TeacherAttendanceRow['leaveType'] = null): TeacherAttendanceRow => ({
      id: teacherAttendanceId(ravi, date),
      teacherId: ravi,
      date,
      status,
      leaveType,
      remark: '',
      markedBy: uuid(600),
      markedAt: '',
      deviceMarkedAt: null,
      rev: 1,
    });
    const calendar = [
      { kind: 'holiday', title: 'Guru Nanak Jayanti', startDate: '2026-11-24', endDate: '2026-11-24', audience: { kind: 'school', classIds: [] } },
      { kind: 'holiday', title: 'Class trip', startDate: '2026-11-25', endDate: '2026-11-25', audience: { kind: 'classes', classIds: [va] } },
    ];
    const register = buildRegister(
      '2026-11',
      [{ id: ravi, firstName: 'Ravi', lastName: 'Kumar', employeeId: 'EMP-02' }],
      [mark('2026-11-02', 'present'), mark('2026-11-03', 'half_day'), mark('2026-11-04', 'leave', 'earned'), mark('2026-11-05', 'absent'), mark('2026-10-30', 'present')],
      calendar,
      '2026-11-06',
    );
    expect(register.days).toHaveLength(30);
    expect(register.workingDays).toBe(30 - 5 - 1);
    expect(register.days.find((day) => day.date === '2026-11-24')).toEqual({ date: '2026-11-24', working: false, holiday: 'Guru Nanak Jayanti' });
    expect(register.days.find((day) => day.date === '2026-11-25')!.working).toBe(true);
    expect(register.teachers[0]!.totals).toEqual({ present: 1, absent: 1, halfDays: 1, leave: { casual: 0, sick: 0, earned: 1, other: 0 }, attended: 1.5, unmarked: 1 });
    expect(register.teachers[0]!.records.map(markCode)).toEqual(['P', '½', 'EL', 'A']);
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('names a teacher’s mark of a date with one id on every device, a UUID the school accepts', () => {
    const id = teacherAttendanceId(ravi, '2026-11-23');
    expect(id).toBe(teacherAttendanceId(ravi, '2026-11-23'));
    expect(id).not.toBe(teacherAttendanceId(ravi, '2026-11-24'));
    expect(id).not.toBe(teacherAttendanceId(meera, '2026-11-23'));
    expect(z.uuid().safeParse(id).success).toBe(true);
  });
});

describe('the teacher’s next period on the dashboard', () => {
  it('is their first own period still to start today, or the one they cover, not one given away', () => {
    const monday = (hours: number, minutes = 0) => new Date(2026, 10, 23, hours, minutes);
    const mirror = { periods, entries, substitutions: [] as SubstitutionRow[] };
    expect(nextPeriodOf(mirror, ravi, monday(7, 30))).toMatchObject({ period: { name: 'Period 1' }, entry: { classId: va } });
    expect(nextPeriodOf(mirror, ravi, monday(8, 30))).toMatchObject({ period: { name: 'Period 4' } });
    expect(nextPeriodOf(mirror, ravi, monday(12))).toBeUndefined();
    expect(nextPeriodOf(mirror, ravi, new Date(2026, 10, 29, 7))).toBeUndefined();
    const given: SubstitutionRow[] = [{ id: uuid(402), entryId: uuid(201), classId: va, periodId: p(1), date: '2026-11-23', teacherId: nikhil, rev: 1 }];
    expect(nextPeriodOf({ ...mirror, substitutions: given }, ravi, monday(7, 30))).toMatchObject({ period: { name: 'Period 4' } });
    expect(nextPeriodOf({ ...mirror, substitutions: given }, nikhil, monday(7, 30))).toMatchObject({ period: { name: 'Period 1' }, entry: { id: uuid(201) } });
  });
});
