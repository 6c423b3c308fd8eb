/**
 * A demo school's calendar: the academic year's holidays (the national days every year, and for
 * 2026-27 the festivals on their dates that year), this term's events around `today` (a sports
 * day, a parent-teacher meeting, a staff meeting, a class photograph for the demo children's
 * classes, a trip the demo teacher added for her class, the annual day) and one exam event per
 * seeded exam, dated from the exam's own schedule so Events and Exams never disagree. Planned
 * events fall on working days (contract/working-days.ts). No clock but `today`: the same day gives
 * the same rows.
 */
import { academicYearOf } from '../../contract/admission';
import type { EventKind } from '../../contract/events';
import { isWorkingDay, type CalendarEntry } from '../../contract/working-days';
import type { events } from '../modules/events/tables';
import { stableUuid } from './random';

export type EventRow = typeof events.$inferInsert;

/** Event rows as the working-day helpers read them (the shape of contract/events.ts). */
export function calendarOf(rows: readonly EventRow[]): CalendarEntry[] {
  return rows.map((row) => ({ kind: row.kind, startDate: row.startDate, endDate: row.endDate, audience: { kind: row.audienceKind, classIds: row.audienceClassIds ?? [] } }));
}

export interface EventSource {
  tenantId: string;
  adminId: string;
  teacherId: string;
  familyClassIds: readonly string[];
  teacherClassIds: readonly string[];
}

type Holiday = [title: string, start: string, end?: string];

/** Month-day holidays of any academic year starting in April of `year`. */
function fixedHolidays(year: number): Holiday[] {
  const next = year + 1;
  return [
    ['Ambedkar Jayanti', `${year}-04-14`],
    ['Summer vacation', `${year}-05-15`, `${year}-06-30`],
    ['Independence Day', `${year}-08-15`],
    ['Gandhi Jayanti', `${year}-10-02`],
    ['Christmas and winter break', `${year}-12-24`, `${next}-01-01`],
    ['Republic Day', `${next}-01-26`],
  ];
}

/** Festivals follow the lunar calendar: their dates in the years the demo covers. */
const festivals: Record<number, Holiday[]> = {
  2026: [
    ['Raksha Bandhan', '2026-08-28'],
    ['Janmashtami', '2026-09-04'],
    ['Ganesh Chaturthi', '2026-09-14'],
    ['Dussehra', '2026-10-20'],
    ['Diwali break', '2026-11-07', '2026-11-11'],
    ['Guru Nanak Jayanti', '2026-11-24'],
    ['Makar Sankranti / Pongal', '2027-01-14'],
    ['Maha Shivratri', '2027-03-06'],
    ['Holi', '2027-03-22'],
  ],
};

type Plan = { inDays: number; kind: EventKind; title: string; description: string; times?: [string, string] } & (
  | { to: 'school' }
  | { to: 'roles'; roles: ('staff' | 'students' | 'parents')[] }
  | { to: 'family' }
  | { to: 'teacher' }
);

const plans: Plan[] = [
  { inDays: -12, kind: 'event', to: 'school', title: 'Science exhibition', description: 'Projects of classes VI to X in the assembly hall. Parents are welcome from 10 am.' },
  { inDays: -4, kind: 'meeting', to: 'roles', roles: ['parents'], title: 'Parent-teacher meeting', description: 'Meet the class teachers and collect the progress card.', times: ['09:00', '12:00'] },
  { inDays: 1, kind: 'meeting', to: 'roles', roles: ['staff'], title: 'Staff meeting', description: 'Planning of the half-yearly examinations, in the library.', times: ['15:30', '16:30'] },
  { inDays: 3, kind: 'event', to: 'family', title: 'Class photograph', description: 'Come in full uniform. The photographer is in the hall from 9:30 am.' },
  { inDays: 9, kind: 'event', to: 'school', title: 'Annual Sports Day', description: 'On the school ground from 8 am. Students come in house T-shirts.', times: ['08:00', '13:00'] },
  { inDays: 11, kind: 'event', to: 'teacher', title: 'Trip to the science centre', description: 'Consent forms back by Monday. Bring lunch and water.', times: ['09:00', '15:00'] },
  { inDays: 30, kind: 'event', to: 'school', title: 'Annual Day', description: 'Cultural programme by the students in the evening. Parents are invited.', times: ['17:00', '20:00'] },
  { inDays: 32, kind: 'other', to: 'roles', roles: ['students'], title: 'Library books due', description: 'Return the library books borrowed this term.' },
];

const day = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

const examNotes: Record<string, string> = {
  'Half Yearly': 'The date sheet is on the notice board. School closes at 12:30 pm on exam days.',
};

/** The academic year's holidays: exams and events are planned around them. */
export function generateHolidays(source: Pick<EventSource, 'tenantId' | 'adminId'>, today: string): EventRow[] {
  const year = academicYearOf(today);
  const base = { tenantId: source.tenantId, description: '', startTime: null, endTime: null, audienceRoles: [], audienceUserIds: [] };
  return [...fixedHolidays(year), ...(festivals[year] ?? [])].map(([title, startDate, endDate], index) => ({
    ...base,
    id: stableUuid(source.tenantId, 'holiday', year, index),
    kind: 'holiday',
    title,
    startDate,
    endDate: endDate ?? startDate,
    audienceKind: 'school',
    audienceClassIds: [],
    createdBy: source.adminId,
  }));
}

/** What an exam event is made of (server/seed/exams.ts ExamRow with its schedule typed). */
export interface ExamDates {
  id: string;
  name: string;
  classIds: readonly string[];
  createdBy: string;
  schedule: readonly { date: string }[];
}

/** An exam on the calendar: from its first paper to its last, for the classes that sit it. */
function examEvent(tenantId: string, exam: ExamDates, allClassIds: readonly string[], base: Omit<EventRow, 'id' | 'kind' | 'title' | 'startDate' | 'endDate' | 'audienceKind' | 'createdBy'>): EventRow[] {
  const dates = exam.schedule.map((paper) => paper.date).sort();
  const [first, last] = [dates[0], dates.at(-1)];
  if (!first || !last) return [];
  const wholeSchool = allClassIds.every((id) => exam.classIds.includes(id));
  return [
    {
      ...base,
      id: stableUuid(tenantId, 'event', 'exam', exam.id),
      kind: 'exam',
      title: exam.name,
      description: examNotes[exam.name] ?? 'One paper a school day; the date sheet is on the Exams screen.',
      startDate: first,
      endDate: last,
      audienceKind: wholeSchool ? 'school' : 'classes',
      audienceClassIds: wholeSchool ? [] : [...exam.classIds],
      createdBy: exam.createdBy,
    },
  ];
}

/** The holidays, this term's planned events on working days, and an event for each exam. */
export function generateEvents(source: EventSource & { allClassIds: readonly string[] }, today: string, holidays: readonly EventRow[], exams: readonly ExamDates[]): EventRow[] {
  const base = { tenantId: source.tenantId, description: '', startTime: null, endTime: null, audienceRoles: [], audienceUserIds: [] };
  const calendar = calendarOf(holidays);
  /** The plan's day, or the next working day when the school is shut. */
  const schoolDay = (date: string): string => (isWorkingDay(date, calendar) ? date : schoolDay(shift(date, 1)));
  const term = plans.flatMap((plan, index): EventRow[] => {
    const classIds = plan.to === 'family' ? source.familyClassIds : plan.to === 'teacher' ? source.teacherClassIds.slice(0, 1) : [];
    if (classIds.length === 0 && (plan.to === 'family' || plan.to === 'teacher')) return [];
    const startDate = schoolDay(shift(today, plan.inDays));
    return [
      {
        ...base,
        id: stableUuid(source.tenantId, 'event', index),
        kind: plan.kind,
        title: plan.title,
        description: plan.description,
        startDate,
        endDate: startDate,
        startTime: plan.times?.[0] ?? null,
        endTime: plan.times?.[1] ?? null,
        audienceKind: plan.to === 'family' || plan.to === 'teacher' ? 'classes' : plan.to,
        audienceClassIds: [...classIds],
        audienceRoles: plan.to === 'roles' ? plan.roles : [],
        createdBy: plan.to === 'teacher' ? source.teacherId : source.adminId,
      },
    ];
  });
  return [...holidays, ...term, ...exams.flatMap((exam) => examEvent(source.tenantId, exam, source.allClassIds, base))];
}
