/** The school calendar on the device: the events mirror table (read offline by every screen that counts working days) and its kinds. */
import { createEventKind, deleteEventKind, updateEventKind } from '../kinds/events';
import { defineSyncModule } from '../module-kit';
import { eventsTable } from '../tables/events';

export { eventsTable, type EventRow } from '../tables/events';

export const eventsSync = defineSyncModule({
  name: 'events',
  tables: [eventsTable],
  kinds: [createEventKind, updateEventKind, deleteEventKind],
});
