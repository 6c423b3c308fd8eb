/**
 * The school calendar as mutation kinds: staff add, change and delete events (the record kinds;
 * classes of an audience made offline reach the school first). Changes go with their base rev, so
 * an edit made offline against an older copy is kept in "changed elsewhere" rather than applied.
 */
import type { EventInput } from '../../contract/events';
import { needsOf, recordKinds } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const eventInputSchema = lazy((contract) => contract.eventInputSchema);
const eventPaths = lazy((contract) => contract.eventPaths);

export type EventFields = Omit<EventInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'events', EventFields & { id?: string }, EventFields & { id: string }>({
  table: 'events',
  schema: eventInputSchema,
  paths: eventPaths,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.eventSchema)),
  needs: (values) => {
    const audience = values.audience as { classIds?: unknown } | null;
    const classIds = Array.isArray(audience?.classIds) ? audience.classIds.filter((id): id is string => typeof id === 'string') : [];
    return needsOf(classIds.map((id) => ['classes', id]));
  },
});

export const createEventKind = kinds.create;
export const updateEventKind = kinds.update;
export const deleteEventKind = kinds.remove;
