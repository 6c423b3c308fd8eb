/** The school calendar on the device: the events mirror table (read offline by every screen that counts working days) and its kinds. */
import type { SchoolEvent } from '../../contract/events';
import { createEventKind, deleteEventKind, updateEventKind } from '../kinds/events';
import { defineSyncModule, mirrorTable } from './module';

/** An event as the mirror holds it; one made on this device has no author until the school answers. */
export type EventRow = Omit<SchoolEvent, 'createdBy'> & Partial<Pick<SchoolEvent, 'createdBy'>>;

export const eventsTable = mirrorTable<EventRow>()('events', { 4: 'id, startDate, endDate, kind, rev' });

export const eventsSync = defineSyncModule({
  name: 'events',
  tables: [eventsTable],
  kinds: [createEventKind, updateEventKind, deleteEventKind],
});
