/**
 * The timetable's grid, worked out from the mirror: a class's week or a teacher's (with the periods
 * they cover as a substitute that week), one day for the phone view, the clash a cell would make
 * (contract/timetable-clashes.ts: the same rule the school judges by), a day copied onto another,
 * and an absent teacher's uncovered periods with who is free.
 */
import { findClash, weeklyCount, type Clash } from '../../../contract/timetable-clashes';
import { timetableDayOf, timetableDays, type TimetableDay } from '../../../contract/timetable';
import type { PeriodRow, SubjectLimitRow, SubstitutionRow, TimetableEntryRow } from '../../../sync/modules/timetable';
import type { TeacherAttendanceRow } from '../../../sync/modules/teacher-attendance';

export interface Cell {
  period: PeriodRow;
  entry: TimetableEntryRow | null;
  /** A substitution on the shown date: this period covered by someone else (class view) or by this teacher (teacher view). */
  substitution: SubstitutionRow | null;
}

export interface DayColumn {
  day: TimetableDay;
  cells: Cell[];
}

export type GridOwner = { classId: string } | { teacherId: string };

/** The days that have periods, in order. */
export function daysWithPeriods(periods: readonly PeriodRow[]): TimetableDay[] {
  return timetableDays.filter((day) => periods.some((period) => period.day === day));
}

export function periodsOfDay(periods: readonly PeriodRow[], day: number): PeriodRow[] {
  return periods.filter((period) => period.day === day).sort((a, b) => a.position - b.position || a.startTime.localeCompare(b.startTime));
}

function ownerHolds(owner: GridOwner, entry: TimetableEntryRow): boolean {
  return 'classId' in owner ? entry.classId === owner.classId : entry.teacherId === owner.teacherId;
}

/**
 * One day of a class's or a teacher's timetable. `dates` maps a day to the date shown for it
 * (this week's), so substitutions of that date appear: a teacher sees the periods they cover.
 */
export function dayOf(
  periods: readonly PeriodRow[],
  entries: readonly TimetableEntryRow[],
  owner: GridOwner,
  day: TimetableDay,
  substitutions: readonly SubstitutionRow[] = [],
  date?: string,
): DayColumn {
  const onDate = date ? substitutions.filter((substitution) => substitution.date === date) : [];
  const byPeriod = new Map<string, TimetableEntryRow>();
  for (const entry of entries) if (ownerHolds(owner, entry)) byPeriod.set(entry.periodId, entry);
  const entryById = (id: string) => entries.find((entry) => entry.id === id);
  const cells = periodsOfDay(periods, day).map((period) => {
    const own = byPeriod.get(period.id) ?? null;
    if ('teacherId' in owner) {
      const covering = onDate.find((substitution) => substitution.periodId === period.id && substitution.teacherId === owner.teacherId);
      if (covering) return { period, entry: entryById(covering.entryId) ?? own, substitution: covering };
      const givenAway = own ? onDate.find((substitution) => substitution.entryId === own.id) : undefined;
      return { period, entry: own, substitution: givenAway ?? null };
    }
    return { period, entry: own, substitution: own ? (onDate.find((substitution) => substitution.entryId === own.id) ?? null) : null };
  });
  return { day, cells };
}

/** The week, Monday first; `dates` (day -> YYYY-MM-DD) puts that week's substitutions in. */
export function weekOf(
  periods: readonly PeriodRow[],
  entries: readonly TimetableEntryRow[],
  owner: GridOwner,
  substitutions: readonly SubstitutionRow[] = [],
  dates: Partial<Record<TimetableDay, string>> = {},
): DayColumn[] {
  return daysWithPeriods(periods).map((day) => dayOf(periods, entries, owner, day, substitutions, dates[day]));
}

/** The dates of the Monday-to-Saturday week holding `date` (a Sunday shows the week after it). */
export function weekDates(date: string): Record<TimetableDay, string> {
  const at = Date.parse(`${date}T00:00:00Z`);
  const weekday = new Date(at).getUTCDay();
  const monday = at + (weekday === 0 ? 1 : 1 - weekday) * 86_400_000;
  const dates = {} as Record<TimetableDay, string>;
  for (const day of timetableDays) dates[day] = new Date(monday + (day - 1) * 86_400_000).toISOString().slice(0, 10);
  return dates;
}

/** The day the phone view opens on: today's, or Monday on a Sunday or a day without periods. */
export function openingDay(periods: readonly PeriodRow[], today: string): TimetableDay {
  const days = daysWithPeriods(periods);
  const day = timetableDayOf(today);
  return day !== null && days.includes(day) ? day : (days[0] ?? 1);
}

/** The next teaching period still to start today, for "today's next period". */
export function nextPeriod(column: DayColumn, time: string): Cell | undefined {
  return column.cells.find((cell) => cell.period.kind === 'teaching' && cell.entry !== null && cell.period.startTime >= time);
}

export interface CellCheck {
  clash: Clash | null;
  /** Times the subject would be placed in the class's week, and the school's limit for it. */
  count: number;
  limit: number | undefined;
}

/** What placing (or changing) an entry would do, checked against the device's copy. */
export function checkCell(
  entries: readonly TimetableEntryRow[],
  limits: readonly SubjectLimitRow[],
  candidate: { id?: string; classId: string; periodId: string; subjectId: string; teacherId: string | null; room: string },
): CellCheck {
  return {
    clash: findClash(entries, candidate),
    count: weeklyCount(entries, candidate),
    limit: limits.find((limit) => limit.subjectId === candidate.subjectId)?.perWeek,
  };
}

export interface CopyPlan {
  /** Entries to create on the target day, one per period position the source day fills. */
  creates: { classId: string; periodId: string; subjectId: string; teacherId: string | null; room: string }[];
  /** Entries already on the target day to change to the source day's subject. */
  updates: { id: string; classId: string; periodId: string; subjectId: string; teacherId: string | null; room: string }[];
  /** Positions not copied: a clash with another class, or no teaching period there. */
  skipped: { periodName: string; clash: Clash | null }[];
}

/**
 * A class's day copied onto another, period by period in order of teaching periods (the first
 * teaching period to the first, ...), each checked for clashes with what the rest of the school
 * has on the target day.
 */
export function planDayCopy(periods: readonly PeriodRow[], entries: readonly TimetableEntryRow[], classId: string, from: number, to: number): CopyPlan {
  const teaching = (day: number) => periodsOfDay(periods, day).filter((period) => period.kind === 'teaching');
  const source = teaching(from);
  const target = teaching(to);
  const plan: CopyPlan = { creates: [], updates: [], skipped: [] };
  const placed: TimetableEntryRow[] = entries.filter((entry) => !(entry.classId === classId && target.some((period) => period.id === entry.periodId)));
  source.forEach((period, index) => {
    const entry = entries.find((candidate) => candidate.classId === classId && candidate.periodId === period.id);
    if (!entry) return;
    const slot = target[index];
    if (!slot) {
      plan.skipped.push({ periodName: period.name, clash: null });
      return;
    }
    const existing = entries.find((candidate) => candidate.classId === classId && candidate.periodId === slot.id);
    const candidate = { id: existing?.id, classId, periodId: slot.id, subjectId: entry.subjectId, teacherId: entry.teacherId, room: entry.room };
    const clash = findClash(placed, candidate);
    if (clash) {
      plan.skipped.push({ periodName: slot.name, clash });
      return;
    }
    placed.push({ ...candidate, id: existing?.id ?? `copy:${slot.id}`, rev: 0 });
    if (existing) plan.updates.push({ ...candidate, id: existing.id });
    else plan.creates.push(candidate);
  });
  return plan;
}

export interface UncoveredPeriod {
  entry: TimetableEntryRow;
  period: PeriodRow;
  substitution: SubstitutionRow | null;
  freeTeacherIds: string[];
}

/** Teachers away on a date (absent or on leave; a half day is in school). */
export function awayOn(marks: readonly TeacherAttendanceRow[], date: string): Set<string> {
  return new Set(marks.filter((mark) => mark.date === date && (mark.status === 'absent' || mark.status === 'leave')).map((mark) => mark.teacherId));
}

/** The server's rule (server/modules/timetable/substitutions.ts) on the device's copy. */
export function uncoveredOn(
  date: string,
  periods: readonly PeriodRow[],
  entries: readonly TimetableEntryRow[],
  substitutions: readonly SubstitutionRow[],
  marks: readonly TeacherAttendanceRow[],
  teacherIds: readonly string[],
): UncoveredPeriod[] {
  const day = timetableDayOf(date);
  if (day === null) return [];
  const away = awayOn(marks, date);
  const onDate = substitutions.filter((substitution) => substitution.date === date);
  return periodsOfDay(periods, day).flatMap((period) =>
    entries
      .filter((entry) => entry.periodId === period.id && entry.teacherId !== null && away.has(entry.teacherId))
      .map((entry) => {
        const busy = new Set<string>();
        for (const other of entries) if (other.periodId === period.id && other.teacherId) busy.add(other.teacherId);
        for (const other of onDate) if (other.periodId === period.id) busy.add(other.teacherId);
        return {
          entry,
          period,
          substitution: onDate.find((substitution) => substitution.entryId === entry.id) ?? null,
          freeTeacherIds: teacherIds.filter((id) => !busy.has(id) && !away.has(id)),
        };
      }),
  );
}
