/**
 * The school calendar as mutation kinds: staff add, change and delete events (the record kinds;
 * classes of an audience made offline reach the school first). Changes go with their base rev, so
 * an edit made offline against an older copy is kept in "changed elsewhere" rather than applied.
 */
import { type EventInput, eventInputSchema, eventPaths, eventSchema } from '../../contract/events';
import { recordWriteAnswers } from '../../contract/sync';
import { needsOf, recordKinds } from './records';

export type EventFields = Omit<EventInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'events', EventFields & { id?: string }, EventFields & { id: string }>({
  table: 'events',
  schema: eventInputSchema,
  paths: eventPaths,
  answers: recordWriteAnswers(eventSchema),
  needs: (values) => {
    const audience = values.audience as { classIds?: unknown } | null;
    const classIds = Array.isArray(audience?.classIds) ? audience.classIds.filter((id): id is string => typeof id === 'string') : [];
    return needsOf(classIds.map((id) => ['classes', id]));
  },
});

export const createEventKind = kinds.create;
export const updateEventKind = kinds.update;
export const deleteEventKind = kinds.remove;
