/**
 * New events and changes tell their audience (docs/decisions.md "Events and holidays"): a published notification from the one
 * who made the change to the event's audience (inbox by the pull, phone by the push queue of
 * notifications/push-outbox.ts), written in the event's own transaction so it goes exactly when the
 * change does. Events already over are not announced; an edit is announced when what people plan
 * by changed (title, kind, dates, times, audience), not for a corrected description.
 */
import { randomUUID } from 'node:crypto';
import type { SchoolEvent } from '../../../contract/events';
import type { Audience } from '../../../contract/notifications';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { notifications } from '../notifications/tables';
import { audienceColumns } from '../../module-kit/audience';
import { queuePushes } from '../notifications/push-outbox';
import { translationsOf, type NoticeWords } from '../../i18n/notice-translations';
import type { ServerTexts } from '../../i18n/catalogs';
import { eventMessages } from '../../../contract/events';

/** dd/mm/yyyy, as the app shows dates (src/ui/dates.ts). */
const shown = (isoDate: string) => isoDate.split('-').reverse().join('/');

export function datesOf(event: Pick<SchoolEvent, 'startDate' | 'endDate'>): string {
  return event.startDate === event.endDate ? shown(event.startDate) : `${shown(event.startDate)} to ${shown(event.endDate)}`;
}

function whenOf(event: SchoolEvent): string {
  const times = event.startTime ? (event.endTime ? `, ${event.startTime} to ${event.endTime}` : `, from ${event.startTime}`) : '';
  return `${datesOf(event)}${times}.`;
}

/** datesOf and whenOf in another language (server/i18n/notice-translations.ts). */
function datesIn(text: ServerTexts, event: Pick<SchoolEvent, 'startDate' | 'endDate'>): string {
  return event.startDate === event.endDate ? shown(event.startDate) : text('notices.event.dateRange', { start: shown(event.startDate), end: shown(event.endDate) });
}

function whenIn(text: ServerTexts, event: SchoolEvent): string {
  const times = event.startTime ? (event.endTime ? 'between' : 'from') : 'none';
  return text('notices.event.when', { dates: datesIn(text, event), times, startTime: event.startTime ?? '', endTime: event.endTime ?? '' });
}

/** Staff read the calendar on their side of the app; everyone else on the family's. */
const linkFor = (audience: Audience) => (audience.kind === 'roles' && audience.roles.every((role) => role === 'staff') ? '/admin/events' : '/student/events');

async function tell(tx: Db, tenantId: string, sentBy: string, audience: Audience, title: string, message: string, words: NoticeWords): Promise<void> {
  const id = randomUUID();
  await tx.insert(notifications).values({
    id,
    tenantId,
    title: title.slice(0, 200),
    message: message.slice(0, 4000),
    translations: translationsOf(words),
    link: linkFor(audience),
    ...audienceColumns(audience),
    publishAt: new Date(),
    published: true,
    sentBy,
  });
  await queuePushes(tx, tenantId, [id]);
}

const isOver = (event: SchoolEvent, today: string) => event.endDate < today;

export async function announceNew(tx: Db, tenantId: string, sentBy: string, event: SchoolEvent, today = todayIso()): Promise<void> {
  if (isOver(event, today)) return;
  const withDescription = (when: string) => (event.description ? `${when} ${event.description}` : when);
  await tell(tx, tenantId, sentBy, event.audience, eventMessages.announced(event.kind, event.title), withDescription(whenOf(event)), (text) => ({
    title: text('notices.event.announced', { kind: event.kind, title: event.title }),
    message: withDescription(whenIn(text, event)),
  }));
}

const planned = (event: SchoolEvent) =>
  JSON.stringify([event.title, event.kind, event.startDate, event.endDate, event.startTime, event.endTime, event.audience]);

export async function announceChange(tx: Db, tenantId: string, sentBy: string, before: SchoolEvent, after: SchoolEvent, today = todayIso()): Promise<void> {
  if (planned(before) === planned(after) || (isOver(before, today) && isOver(after, today))) return;
  await tell(tx, tenantId, sentBy, after.audience, eventMessages.announcedChange(after.title), whenOf(after), (text) => ({
    title: text('notices.event.changed', { title: after.title }),
    message: whenIn(text, after),
  }));
}

export async function announceCancel(tx: Db, tenantId: string, sentBy: string, event: SchoolEvent, today = todayIso()): Promise<void> {
  if (isOver(event, today)) return;
  await tell(tx, tenantId, sentBy, event.audience, eventMessages.announcedCancel(event.title), eventMessages.announcedCancelMessage(datesOf(event)), (text) => ({
    title: text('notices.event.cancelled', { title: event.title }),
    message: text('notices.event.cancelledMessage', { dates: datesIn(text, event) }),
  }));
}
