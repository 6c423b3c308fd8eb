/** The events mirror table and its row, below the kinds that read it (sync/modules/events.ts lists it; the fee kinds read its holidays). */
import type { SchoolEvent } from '../../contract/events';
import { mirrorTable } from '../mirror-table';

/** An event as the mirror holds it; one made on this device has no author until the school answers. */
export type EventRow = Omit<SchoolEvent, 'createdBy'> & Partial<Pick<SchoolEvent, 'createdBy'>>;

export const eventsTable = mirrorTable<EventRow>()('events', { 4: 'id, startDate, endDate, kind, rev' });
