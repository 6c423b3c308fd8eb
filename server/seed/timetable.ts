/**
 * A demo school's timetable: the bell schedule (seven periods Monday to Friday with a short break
 * and lunch, a short Saturday of four), and a full week for every class built greedily slot by slot:
 * each class takes the subject of its mapping furthest behind its weekly share whose teacher is free
 * then, at most twice a day; so no teacher is ever in two classes at once and each class sits in its
 * own room. Where every teacher of a class's subjects is busy, another teacher of that subject who is
 * free takes it; where there is none (a school with fewer staff than classes) the period keeps its
 * subject with no teacher, as a school leaves it to be covered.
 * Substitutes are set for the absences of the last school days. No clock but `today`.
 */
import type { TeacherAttendanceRow } from './teacher-attendance';
import type { timetableEntries, timetablePeriods, timetableSubjectLimits, timetableSubstitutions } from '../db/schema';
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
  const busy = new Set<string>();
  const entries: EntryRow[] = [];
  const mappings = source.classes.map((klass) => source.classSubjects.filter((row) => row.classId === klass.id));
  const quotas = mappings.map((rows) => rows.map((_, index) => Math.floor(slots.length / rows.length) + (index < slots.length % rows.length ? 1 : 0)));
  const placed = mappings.map((rows) => rows.map(() => 0));
  /** `day:class:mapping` -> periods placed that day. */
  const today = new Map<string, number>();
  // Who else teaches a subject (in another class), for a period whose own teacher is taken; never
  // the demo teacher, whose week stays her mapped classes'.
  const demoTeacherIds = new Set(source.demoTeacherId ? [source.demoTeacherId] : []);
  const teachersOf = new Map<string, string[]>();
  for (const row of source.classSubjects) {
    if (!row.teacherId || demoTeacherIds.has(row.teacherId)) continue;
    const list = teachersOf.get(row.subjectId) ?? [];
    if (!list.includes(row.teacherId)) list.push(row.teacherId);
    teachersOf.set(row.subjectId, list);
  }
  const otherTeacherOf = (subjectId: string, slotId: string) => (teachersOf.get(subjectId) ?? []).find((id) => !busy.has(`${slotId}:${id}`));

  slots.forEach((slot, slotIndex) => {
    const dayOf = (row: number, classIndex: number) => today.get(`${slot.day}:${classIndex}:${row}`) ?? 0;
    for (let turn = 0; turn < source.classes.length; turn += 1) {
      const classIndex = (turn + slotIndex) % source.classes.length;
      const klass = source.classes[classIndex]!;
      const rows = mappings[classIndex]!;
      if (rows.length === 0) continue;
      const free = (row: ClassSubjectRow) => !row.teacherId || !busy.has(`${slot.id}:${row.teacherId}`);
      const order = rows
        .map((row, index) => ({ row, index, behind: quotas[classIndex]![index]! - placed[classIndex]![index]!, today: dayOf(index, classIndex) }))
        .sort((a, b) => b.behind - a.behind || a.today - b.today || a.index - b.index);
      const chosen = order.find((one) => one.today < 2 && free(one.row)) ?? order.find((one) => free(one.row)) ?? order[0]!;
      const teacherId = free(chosen.row) ? (chosen.row.teacherId ?? null) : (otherTeacherOf(chosen.row.subjectId, String(slot.id)) ?? null);
      if (teacherId) busy.add(`${slot.id}:${teacherId}`);
      placed[classIndex]![chosen.index]! += 1;
      const dayKey = `${slot.day}:${classIndex}:${chosen.index}`;
      today.set(dayKey, (today.get(dayKey) ?? 0) + 1);
      entries.push({
        id: stableUuid(tenantId, 'timetable', klass.id, String(slot.id)),
        tenantId,
        classId: klass.id,
        periodId: String(slot.id),
        subjectId: chosen.row.subjectId,
        teacherId,
        room: `Room ${String(classIndex + 1).padStart(2, '0')}`,
        createdBy: source.adminId,
      });
    }
  });

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
