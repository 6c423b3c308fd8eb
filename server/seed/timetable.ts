/**
 * A demo school's timetable: the bell schedule (seven periods Monday to Friday with a short break
 * and lunch, a short Saturday of four), and a full week for every class in which every period has
 * the teacher its class-subject mapping names. Each mapping gets its share of the week
 * (`weeklyShares`); the week is first built greedily slot by slot (each class takes the subject
 * furthest behind its share whose teacher is free then, at most twice a day), and the periods left
 * over, where every teacher of the class's remaining subjects was busy, are then placed by swapping
 * two periods along an alternating chain of classes and teachers (the Kempe-chain step of bipartite
 * edge colouring: a teacher with at most as many periods as the week has always fits). So no
 * teacher is ever in two classes at once, each class sits in its own room, and the staff plan only
 * has to keep every teacher's load within the week (curriculum.ts keeps it within `maxWeeklyPeriods`).
 * Substitutes are set for the absences of the last school days. No clock but `today`.
 */
import type { TeacherAttendanceRow } from './teacher-attendance';
import type { timetableEntries, timetablePeriods, timetableSubjectLimits, timetableSubstitutions } from '../modules/timetable/tables';
import type { ClassSubjectRow } from './curriculum';
import { stableUuid } from './random';

export type PeriodRow = typeof timetablePeriods.$inferInsert;
export type EntryRow = typeof timetableEntries.$inferInsert;
export type LimitRow = typeof timetableSubjectLimits.$inferInsert;
export type SubstitutionRow = typeof timetableSubstitutions.$inferInsert;

const weekday: [string, string, 'teaching' | 'break'][] = [
  ['08:00', '08:40', 'teaching'],
  ['08:40', '09:20', 'teaching'],
  ['09:20', '10:00', 'teaching'],
  ['10:00', '10:15', 'break'],
  ['10:15', '10:55', 'teaching'],
  ['10:55', '11:35', 'teaching'],
  ['11:35', '12:15', 'break'],
  ['12:15', '12:55', 'teaching'],
  ['12:55', '13:35', 'teaching'],
];
const saturday: [string, string, 'teaching' | 'break'][] = [
  ['08:00', '08:40', 'teaching'],
  ['08:40', '09:20', 'teaching'],
  ['09:20', '09:35', 'break'],
  ['09:35', '10:15', 'teaching'],
  ['10:15', '10:55', 'teaching'],
];
/** Teaching periods in the demo week (7 x 5 + 4 = 39). */
export const teachingPeriodsPerWeek = [...weekday, ...weekday, ...weekday, ...weekday, ...weekday, ...saturday].filter(([, , kind]) => kind === 'teaching').length;

/** A class's week shared among its `count` subjects in mapping order: the first ones take one more. */
export function weeklyShares(count: number): number[] {
  return Array.from({ length: count }, (_, index) => Math.floor(teachingPeriodsPerWeek / count) + (index < teachingPeriodsPerWeek % count ? 1 : 0));
}

/** Days of the substitutions the seed sets: the absences of this many last school days. */
const substitutedDays = 3;

export interface TimetableSource {
  tenantId: string;
  /** In the school's order; each sits in its own room. */
  classes: readonly { id: string; label: string }[];
  classSubjects: readonly ClassSubjectRow[];
  adminId: string;
  demoTeacherId?: string;
}

export function generatePeriods(tenantId: string): PeriodRow[] {
  const rows: PeriodRow[] = [];
  for (let day = 1; day <= 6; day += 1) {
    let teaching = 0;
    let breaks = 0;
    (day === 6 ? saturday : weekday).forEach(([startTime, endTime, kind], index) => {
      const name = kind === 'teaching' ? `Period ${++teaching}` : day !== 6 && breaks++ === 1 ? 'Lunch' : 'Break';
      rows.push({ id: stableUuid(tenantId, 'period', day, index), tenantId, day, position: index + 1, name, startTime, endTime, kind });
    });
  }
  return rows;
}

export function generateTimetable(source: TimetableSource): { periods: PeriodRow[]; entries: EntryRow[]; limits: LimitRow[] } {
  const { tenantId } = source;
  const periods = generatePeriods(tenantId);
  const slots = periods.filter((period) => period.kind === 'teaching');
  const mappings = source.classes.map((klass) => source.classSubjects.filter((row) => row.classId === klass.id));
  const quotas = mappings.map((rows) => weeklyShares(rows.length));
  const placed = mappings.map((rows) => rows.map(() => 0));
  /** Class index -> slot index -> mapping index placed there (undefined: not yet). */
  const week = source.classes.map(() => new Array<number | undefined>(slots.length).fill(undefined));
  /** Teacher id -> slot index -> class index. */
  const teaching = new Map<string, Map<number, number>>();
  const teacherAt = (classIndex: number, slotIndex: number) => {
    const mapping = week[classIndex]![slotIndex];
    return mapping === undefined ? null : (mappings[classIndex]![mapping]!.teacherId ?? null);
  };
  const busyWith = (teacherId: string) => teaching.get(teacherId) ?? teaching.set(teacherId, new Map()).get(teacherId)!;
  const put = (classIndex: number, slotIndex: number, mapping: number | undefined) => {
    week[classIndex]![slotIndex] = mapping;
    const teacherId = teacherAt(classIndex, slotIndex);
    if (teacherId) busyWith(teacherId).set(slotIndex, classIndex);
  };
  const lift = (classIndex: number, slotIndex: number) => {
    const teacherId = teacherAt(classIndex, slotIndex);
    if (teacherId) busyWith(teacherId).delete(slotIndex);
    const mapping = week[classIndex]![slotIndex];
    week[classIndex]![slotIndex] = undefined;
    return mapping;
  };

  // 1. Greedy, slot by slot: the subject furthest behind its share whose teacher is free, at most twice a day.
  slots.forEach((slot, slotIndex) => {
    for (let turn = 0; turn < source.classes.length; turn += 1) {
      const classIndex = (turn + slotIndex) % source.classes.length;
      const rows = mappings[classIndex]!;
      const onDay = (index: number) =>
        slots.reduce((sum, other, at) => sum + (other.day === slot.day && week[classIndex]![at] === index ? 1 : 0), 0);
      const order = rows
        .map((row, index) => ({ row, index, behind: quotas[classIndex]![index]! - placed[classIndex]![index]!, today: onDay(index) }))
        .filter((one) => one.behind > 0 && (!one.row.teacherId || !busyWith(one.row.teacherId).has(slotIndex)))
        .sort((a, b) => b.behind - a.behind || a.today - b.today || a.index - b.index);
      const chosen = order.find((one) => one.today < 2) ?? order[0];
      if (!chosen) continue;
      put(classIndex, slotIndex, chosen.index);
      placed[classIndex]![chosen.index]! += 1;
    }
  });

  // 2. What is left: a period of class c whose teacher t is busy in slot s (c's gap) moves t's
  // periods along the chain s/b (b a slot t is free in): each class on it swaps its s and b periods.
  mappings.forEach((rows, classIndex) => {
    rows.forEach((row, index) => {
      while (placed[classIndex]![index]! < quotas[classIndex]![index]!) {
        const gaps = slots.map((_, at) => at).filter((at) => week[classIndex]![at] === undefined);
        const teacherId = row.teacherId ?? null;
        const busy = teacherId ? busyWith(teacherId) : new Map<number, number>();
        const direct = gaps.find((at) => !busy.has(at));
        const gap = direct ?? gaps[0];
        if (gap === undefined) throw new Error(`${tenantId}: ${source.classes[classIndex]!.label} has more periods than the week`);
        if (direct === undefined && teacherId) {
          const free = slots.findIndex((_, at) => !busy.has(at));
          if (free < 0) throw new Error(`${tenantId}: a teacher has more periods than the week`);
          // The chain: t's class in the gap, that class's teacher in the free slot, their class in the gap...
          // It never reaches class c (free in the gap) nor comes back to t (free in the free slot).
          const chain: number[] = [];
          for (let holder: string | null = teacherId; holder; ) {
            const classAt = busyWith(holder).get(gap);
            if (classAt === undefined) break;
            chain.push(classAt);
            holder = teacherAt(classAt, free);
          }
          const lifted = chain.map((classAt) => [lift(classAt, gap), lift(classAt, free)] as const);
          chain.forEach((classAt, at) => {
            put(classAt, gap, lifted[at]![1]);
            put(classAt, free, lifted[at]![0]);
          });
        }
        put(classIndex, gap, index);
        placed[classIndex]![index]! += 1;
      }
    });
  });

  const entries: EntryRow[] = [];
  slots.forEach((slot, slotIndex) =>
    source.classes.forEach((klass, classIndex) => {
      const mapping = week[classIndex]![slotIndex];
      if (mapping === undefined) return;
      const row = mappings[classIndex]![mapping]!;
      entries.push({
        id: stableUuid(tenantId, 'timetable', klass.id, String(slot.id)),
        tenantId,
        classId: klass.id,
        periodId: String(slot.id),
        subjectId: row.subjectId,
        teacherId: row.teacherId ?? null,
        room: String(classIndex + 1).padStart(2, '0'),
        createdBy: source.adminId,
      });
    }),
  );

  const mostPerWeek = new Map<string, number>();
  mappings.forEach((rows, classIndex) =>
    rows.forEach((row, index) => mostPerWeek.set(row.subjectId, Math.max(mostPerWeek.get(row.subjectId) ?? 0, placed[classIndex]![index]!))),
  );
  const limits = [...mostPerWeek].map(([subjectId, perWeek]) => ({ id: stableUuid(tenantId, 'timetable-limit', subjectId), tenantId, subjectId, perWeek }));
  return { periods, entries, limits };
}

/** Substitutes for the periods of the teachers away on the last school days, each free then. */
export function generateSubstitutions(
  tenantId: string,
  timetable: { periods: readonly PeriodRow[]; entries: readonly EntryRow[] },
  attendance: readonly TeacherAttendanceRow[],
  days: readonly string[],
  adminId: string,
): SubstitutionRow[] {
  const rows: SubstitutionRow[] = [];
  const teacherIds = [...new Set(attendance.map((row) => row.teacherId))].sort();
  for (const date of days.slice(-substitutedDays)) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    const away = new Set(attendance.filter((row) => row.date === date && (row.status === 'absent' || row.status === 'leave')).map((row) => row.teacherId));
    for (const period of timetable.periods.filter((one) => one.day === day && one.kind === 'teaching')) {
      const inPeriod = timetable.entries.filter((entry) => entry.periodId === period.id);
      const taken = new Set(inPeriod.map((entry) => entry.teacherId).filter(Boolean));
      for (const entry of inPeriod.filter((one) => one.teacherId && away.has(one.teacherId))) {
        const substitute = teacherIds.find((id) => !taken.has(id) && !away.has(id));
        if (!substitute) continue;
        taken.add(substitute);
        rows.push({
          id: stableUuid(tenantId, 'substitution', String(entry.id), date),
          tenantId,
          entryId: String(entry.id),
          classId: entry.classId,
          periodId: String(period.id),
          date,
          teacherId: substitute,
          createdBy: adminId,
        });
      }
    }
  }
  return rows;
}
