/**
 * Timetable (docs/decisions.md "Timetable and teacher attendance"): the school's bell schedule (periods per
 * working day, Monday 1 to Saturday 6; teaching or break), one entry per class and teaching period
 * (a subject the class takes, its teacher, an optional room), per-subject weekly limits, and
 * substitutions for an absent teacher's periods on one date. The clash rules live in
 * `timetable-clashes.ts`, shared by the server (the judge) and the device (the grid before saving).
 */
import { z } from 'zod';
import { apiBase, resource, template } from './path-kit';
import { messages } from './messages';
import { isoDateField } from './calendar-dates';
import { teacherAttendanceMessages } from './teacher-attendance';
import { baseRevShape, conflictNoticeSchema } from './revisions';

export const timetablePaths = {
  ...resource('timetable'),
  /** GET the bell schedule; PUT { periods } replaces it (admins). */
  periods: `${apiBase}/timetable/periods`,
  /** GET the per-subject weekly limits; PUT { limits } replaces them (admins). */
  limits: `${apiBase}/timetable/limits`,
  /** GET ?date=: the absent teachers' periods that day, their substitutes and who is free (staff). */
  uncovered: `${apiBase}/timetable/uncovered`,
  /** POST { entryId, date, teacherId }: a substitute for one period on one date (admins). */
  substitute: `${apiBase}/timetable/substitutions/create`,
  removeSubstitution: template(`${apiBase}/timetable/substitutions/delete/:id`),
} as const;

export const timetableMessages = {
  added: 'Timetable entry saved.',
  updated: 'Timetable entry updated.',
  deleted: 'Timetable entry removed.',
  notFound: 'Timetable entry not found.',
  periodsSaved: 'Periods saved.',
  limitsSaved: 'Weekly limits saved.',
  time: (label: string) => `${label} must be a time like 08:30.`,
  day: 'Day must be Monday (1) to Saturday (6).',
  kind: 'Kind must be teaching or break.',
  endBeforeStart: (name: string) => `${name} must end after it starts.`,
  periodsOverlap: (first: string, second: string, day: string) => `${first} and ${second} overlap on ${day}.`,
  tooManyPeriods: (day: string, max: number) => `${day} can have at most ${max} periods.`,
  duplicatePeriod: 'The same period is listed twice.',
  duplicateSubject: 'The same subject is listed twice.',
  periodNotFound: 'Period not found. Reload the periods and try again.',
  periodInUse: (name: string, day: string) => `${name} on ${day} has timetable entries. Move or remove them first.`,
  periodIsBreak: 'This period is a break. Choose a teaching period.',
  subjectNotTaken: 'This class does not take this subject. Add it in the class mapping first.',
  classFixed: 'A timetable entry stays with its class. Add a new entry for the other class.',
  slotTaken: (className: string) => `${className} already has a subject in this period. Edit that entry instead.`,
  teacherClash: (teacherName: string, className: string) => `${teacherName} already teaches ${className} in this period.`,
  roomClash: (room: string, className: string) => `Room ${room} is already used by ${className} in this period.`,
  overLimit: (subjectName: string, count: number, limit: number) =>
    `${subjectName} is now placed ${count} times a week; the school set ${limit}.`,
  perWeek: (max: number) => `Periods a week must be a whole number from 1 to ${max}.`,
  substituteAssigned: 'Substitute assigned.',
  substitutionRemoved: 'Substitution removed.',
  substitutionNotFound: 'Substitution not found.',
  notOnThatDay: 'This period is not on that date\'s weekday.',
  teacherNotAbsent: 'The teacher of this period is not marked absent or on leave that day.',
  substituteNotFree: (teacherName: string) => `${teacherName} is not free in this period.`,
  substituteIsAbsent: (teacherName: string) => `${teacherName} is not in school that day.`,
  periodCovered: 'This period already has a substitute. Remove it first.',
} as const;

export const timetableDays = [1, 2, 3, 4, 5, 6] as const;
export type TimetableDay = (typeof timetableDays)[number];
export const dayNames: Record<TimetableDay, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
};
export const periodKinds = ['teaching', 'break'] as const;
export type PeriodKind = (typeof periodKinds)[number];

export const maxPeriodsPerDay = 14;
export const maxPeriodName = 40;
export const maxRoom = 30;
export const maxPerWeek = 60;

/** "08:05": 24-hour time, as periods are stored and sent. */
const timeOfDay = (label: string) =>
  z
    .string(timetableMessages.time(label))
    .trim()
    .transform((value, ctx) => {
      const match = /^(\d{1,2}):(\d{2})$/.exec(value);
      const hours = match ? Number(match[1]) : NaN;
      const minutes = match ? Number(match[2]) : NaN;
      if (!match || hours > 23 || minutes > 59) {
        ctx.addIssue({ code: 'custom', message: timetableMessages.time(label) });
        return z.NEVER;
      }
      return `${String(hours).padStart(2, '0')}:${match[2]}`;
    });

const daySchema = z.union(timetableDays.map((day) => z.literal(day)) as [z.ZodLiteral<1>, ...z.ZodLiteral<TimetableDay>[]], {
  error: timetableMessages.day,
});

export const periodSchema = z.object({
  id: z.string(),
  day: z.number(),
  /** 1-based order within the day, by start time. */
  position: z.number(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  kind: z.enum(periodKinds),
  rev: z.number(),
});
export type Period = z.infer<typeof periodSchema>;

export const periodInputSchema = z.object({
  /** Keep an existing period's id (its entries stay with it); a new one may bring a device-minted id. */
  id: z.uuid().optional(),
  day: daySchema,
  name: z
    .string(messages.records.fields.required('Name'))
    .trim()
    .min(1, messages.records.fields.required('Name'))
    .max(maxPeriodName, messages.records.fields.tooLong('Name', maxPeriodName)),
  startTime: timeOfDay('Start time'),
  endTime: timeOfDay('End time'),
  kind: z.enum(periodKinds, timetableMessages.kind),
});
export type PeriodInput = z.input<typeof periodInputSchema>;

/**
 * The schedule a device edited offline: every period it held, id and rev. When the school's live
 * periods are not exactly these any more, the change is not applied: the school keeps its schedule
 * and the device's goes to history (`periodsAnswerSchema`'s conflict). Without it the last write wins.
 */
export const periodsBaseSchema = z.array(z.object({ id: z.uuid(), rev: z.number().int().nonnegative() })).max(maxPeriodsPerDay * 6);
export type PeriodsBase = z.infer<typeof periodsBaseSchema>;

export const periodsInputSchema = z.object({ periods: z.array(periodInputSchema).max(maxPeriodsPerDay * 6), base: periodsBaseSchema.optional() });
export type PeriodsInput = z.input<typeof periodsInputSchema>;

interface TimedPeriod {
  day: number;
  name: string;
  startTime: string;
  endTime: string;
}

/**
 * What is wrong with a bell schedule, per input index: an end not after its start, two periods of
 * one day overlapping, too many in a day. Empty when it is sound. Used by the schema (so the
 * server answers 400) and by the periods screen as it is typed.
 */
export function periodProblems(periods: readonly TimedPeriod[]): Map<number, string> {
  const problems = new Map<number, string>();
  periods.forEach((period, index) => {
    if (period.endTime <= period.startTime) problems.set(index, timetableMessages.endBeforeStart(period.name));
  });
  for (const day of timetableDays) {
    const ofDay = periods.map((period, index) => ({ period, index })).filter(({ period }) => period.day === day);
    if (ofDay.length > maxPeriodsPerDay) problems.set(ofDay[maxPeriodsPerDay]!.index, timetableMessages.tooManyPeriods(dayNames[day], maxPeriodsPerDay));
    const sorted = [...ofDay].sort((a, b) => a.period.startTime.localeCompare(b.period.startTime));
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const after = sorted[i]!;
      if (after.period.startTime < before.period.endTime && !problems.has(after.index)) {
        problems.set(after.index, timetableMessages.periodsOverlap(before.period.name, after.period.name, dayNames[day]));
      }
    }
  }
  return problems;
}

/**
 * PUT /api/timetable/periods answers the school's schedule; a change based on a schedule that has
 * moved on answers `{ periods, conflict }` instead (200, the school's kept, the device's in history).
 */
export const periodsConflictSchema = z.object({ periods: z.array(periodSchema), conflict: conflictNoticeSchema(z.array(periodSchema), z.unknown()) });
export const periodsAnswerSchema = z.union([z.array(periodSchema), periodsConflictSchema]);
export type PeriodsConflict = z.infer<typeof periodsConflictSchema>;

export const periodsInputCheckedSchema = periodsInputSchema.superRefine((input, ctx) => {
  for (const [index, message] of periodProblems(input.periods)) ctx.addIssue({ code: 'custom', path: ['periods', index, 'startTime'], message });
  const ids = new Set<string>();
  input.periods.forEach((period, index) => {
    if (!period.id) return;
    if (ids.has(period.id)) ctx.addIssue({ code: 'custom', path: ['periods', index, 'id'], message: timetableMessages.duplicatePeriod });
    ids.add(period.id);
  });
});

export const timetableEntrySchema = z.object({
  id: z.string(),
  classId: z.string(),
  periodId: z.string(),
  subjectId: z.string(),
  /** Null: the class's mapping names no teacher for the subject and none was chosen. */
  teacherId: z.string().nullable(),
  /** '' when no room is set. */
  room: z.string(),
  rev: z.number(),
});
export type TimetableEntry = z.infer<typeof timetableEntrySchema>;

export const timetableEntryInputSchema = z.object({
  /** Client-generated for offline creates (updates ignore it). */
  id: z.uuid().optional(),
  classId: z.uuid(messages.records.fields.uuid('Class')),
  periodId: z.uuid(messages.records.fields.uuid('Period')),
  subjectId: z.uuid(messages.records.fields.uuid('Subject')),
  /** Absent: the teacher the class-subject mapping names; null: none. */
  teacherId: z.uuid(messages.records.fields.uuid('Teacher')).nullable().optional(),
  room: z
    .string(messages.records.fields.text('Room'))
    .trim()
    .max(maxRoom, messages.records.fields.tooLong('Room', maxRoom))
    .optional()
    .transform((value) => value ?? ''),
  ...baseRevShape,
});
export type TimetableEntryInput = z.input<typeof timetableEntryInputSchema>;

export const timetableListQuerySchema = z.object({
  classId: z.uuid().optional(),
  teacherId: z.uuid().optional(),
});

export const subjectLimitSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  perWeek: z.number(),
  rev: z.number(),
});
export type SubjectLimit = z.infer<typeof subjectLimitSchema>;

export const subjectLimitsInputSchema = z.object({
  limits: z
    .array(
      z.object({
        subjectId: z.uuid(messages.records.fields.uuid('Subject')),
        perWeek: z.number(timetableMessages.perWeek(maxPerWeek)).int(timetableMessages.perWeek(maxPerWeek)).min(1, timetableMessages.perWeek(maxPerWeek)).max(maxPerWeek, timetableMessages.perWeek(maxPerWeek)),
      }),
    )
    .max(500),
});
export type SubjectLimitsInput = z.input<typeof subjectLimitsInputSchema>;

export const substitutionSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  classId: z.string(),
  periodId: z.string(),
  /** YYYY-MM-DD; its weekday is the period's day. */
  date: z.string(),
  /** The substitute. */
  teacherId: z.string(),
  rev: z.number(),
});
export type Substitution = z.infer<typeof substitutionSchema>;

/** Said as staff attendance says it (substitutions follow the day's absences). */
const dayDate = isoDateField('Use a date like 2025-06-22.', teacherAttendanceMessages.invalidDate);

export const substitutionInputSchema = z.object({
  id: z.uuid().optional(),
  entryId: z.uuid(messages.records.fields.uuid('Timetable entry')),
  date: dayDate,
  teacherId: z.uuid(messages.records.fields.uuid('Teacher')),
});
export type SubstitutionInput = z.input<typeof substitutionInputSchema>;

export const uncoveredQuerySchema = z.object({ date: dayDate });

/** An absent teacher's period on a date: the entry, the substitution if one is set, who is free. */
export const uncoveredPeriodSchema = z.object({
  entry: timetableEntrySchema,
  substitution: substitutionSchema.nullable(),
  /** Live teachers free in that period (no entry, no other substitution, not absent that day). */
  freeTeacherIds: z.array(z.string()),
});
export const uncoveredSchema = z.object({ date: z.string(), day: z.number().nullable(), periods: z.array(uncoveredPeriodSchema) });
export type Uncovered = z.infer<typeof uncoveredSchema>;

/** Monday 1 ... Saturday 6 of an ISO date; null on a Sunday. */
export function timetableDayOf(date: string): TimetableDay | null {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? null : (weekday as TimetableDay);
}
