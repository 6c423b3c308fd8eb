/**
 * The school calendar (docs/decisions.md "Events and holidays"): events, holidays, exam
 * days, meetings, one day or several, with optional times, for an audience of the same shape as
 * notifications (the whole school, chosen classes, roles or people). Holidays are for the whole
 * school or chosen classes: they take those days out of the working days (contract/working-days.ts).
 */
import { z } from 'zod';
import { resource } from './path-kit';
import { messages } from './messages';
import { audienceKinds, audienceRoles, audienceSchema, maxAudienceMembers, notificationMessages } from './notifications';
import { isoDateField } from './calendar-dates';
import { normalizeDate, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

export const eventPaths = resource('events');

export const eventMessages = {
  added: 'Event added.',
  holidayAdded: 'Holiday added.',
  updated: 'Event updated.',
  deleted: 'Event deleted.',
  notFound: 'Event not found.',
  invalidColumn: 'You can search events by title or description.',
  kind: 'Kind must be event, holiday, exam, meeting or other.',
  time: (label: string) => `${label} must be a time like 09:30.`,
  endBeforeStart: 'The end date cannot be before the start date.',
  tooLong: (days: number) => `An event can last at most ${days} days.`,
  endTimeAlone: 'Give a start time with the end time.',
  endTimeBeforeStart: 'The end time must be after the start time.',
  holidayAudience: 'A holiday is for the whole school or chosen classes.',
  holidayAdminOnly: 'Only an admin can declare a holiday.',
  notYourClass: 'You can add events only for the classes you teach.',
  notYours: 'You can change only the events you added, for the classes you teach.',
  rangeDate: 'from and to must be dates (YYYY-MM-DD).',
  announced: (kind: string, title: string) => `${kind === 'holiday' ? 'Holiday' : kind === 'exam' ? 'Exam' : kind === 'meeting' ? 'Meeting' : 'Event'}: ${title}`,
  announcedChange: (title: string) => `Changed: ${title}`,
  announcedCancel: (title: string) => `Cancelled: ${title}`,
  announcedCancelMessage: (dates: string) => `This is no longer on the calendar for ${dates}.`,
} as const;

export const eventKinds = ['event', 'holiday', 'exam', 'meeting', 'other'] as const;
export type EventKind = (typeof eventKinds)[number];
export const maxEventTitle = 200;
export const maxEventDescription = 4000;
/** The longest event: a summer break is the longest thing a school calendar holds. */
export const maxEventDays = 100;

export const eventSchema = z.object({
  id: z.string(),
  kind: z.enum(eventKinds),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, both included. */
  startDate: z.string(),
  endDate: z.string(),
  /** HH:MM (24 hours), or null for all day. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  audience: audienceSchema,
  /** The account that added it. */
  createdBy: z.string().nullable(),
  rev: z.number(),
});
export type SchoolEvent = z.infer<typeof eventSchema>;

const dateField = (label: string) =>
  z.string(messages.records.fields.required(label)).transform((value, ctx) => {
    const date = value.trim() === '' ? undefined : normalizeDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: value.trim() === '' ? messages.records.fields.required(label) : messages.records.fields.date(label) });
      return z.NEVER;
    }
    return date;
  });

const timeField = (label: string) =>
  z
    .string(eventMessages.time(label))
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: eventMessages.time(label) });
        return z.NEVER;
      }
      return `${match[1]!.padStart(2, '0')}:${match[2]}`;
    });

const ids = (label: string) => z.array(z.uuid(messages.records.fields.uuid(label))).max(maxAudienceMembers);

/** Days from one YYYY-MM-DD to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const eventInputSchema = z
  .object({
    /** Client-generated for offline creates (updates ignore it). */
    id: z.uuid().optional(),
    kind: z.enum(eventKinds, eventMessages.kind),
    title: requiredText('Title', maxEventTitle),
    description: z
      .string(messages.records.fields.text('Description'))
      .trim()
      .max(maxEventDescription, messages.records.fields.tooLong('Description', maxEventDescription))
      .nullish()
      .transform((value) => value ?? ''),
    startDate: dateField('Start date'),
    /** The start date again for a one-day event. */
    endDate: dateField('End date'),
    startTime: timeField('Start time'),
    endTime: timeField('End time'),
    audience: z.object(
      {
        kind: z.enum(audienceKinds, notificationMessages.audienceKind),
        classIds: ids('Class').default([]),
        roles: z.array(z.enum(audienceRoles, notificationMessages.audienceRole)).max(audienceRoles.length).default([]),
        userIds: ids('Person').default([]),
      },
      notificationMessages.audienceKind,
    ),
    ...baseRevShape,
  })
  .superRefine((input, ctx) => {
    const { kind, classIds, roles, userIds } = input.audience;
    const empty =
      (kind === 'classes' && classIds.length === 0) || (kind === 'roles' && roles.length === 0) || (kind === 'people' && userIds.length === 0);
    if (empty) ctx.addIssue({ code: 'custom', path: ['audience'], message: notificationMessages.audienceEmpty });
    if (input.kind === 'holiday' && kind !== 'school' && kind !== 'classes') {
      ctx.addIssue({ code: 'custom', path: ['audience'], message: eventMessages.holidayAudience });
    }
    if (input.endDate < input.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endBeforeStart });
    else if (daysBetween(input.startDate, input.endDate) >= maxEventDays) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.tooLong(maxEventDays) });
    }
    if (input.endTime && !input.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: eventMessages.endTimeAlone });
    if (input.startTime && input.endTime && input.startDate === input.endDate && input.endTime <= input.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: eventMessages.endTimeBeforeStart });
    }
  });
export type EventInput = z.input<typeof eventInputSchema>;

export const eventListQuerySchema = z.object({
  /** Events that touch this range (YYYY-MM-DD, both included). */
  from: isoDateField(eventMessages.rangeDate).optional(),
  to: isoDateField(eventMessages.rangeDate).optional(),
  kind: z.enum(eventKinds, eventMessages.kind).optional(),
});

export const eventSearchColumns = ['title', 'description'] as const;
export type EventSearchColumn = (typeof eventSearchColumns)[number];
