/**
 * Events in the pull: staff devices hold the school's whole calendar, a family's what is addressed
 * to them (repository.ts visibleTo: the audience rule of module-kit/audience.ts). A deleted event's
 * tombstone leaves every device that holds it.
 */
import { events } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toRecord, visibleTo } from './repository';

export const eventSyncSource = defineSyncSource({
  entity: 'events',
  table: events,
  where: (scope) => visibleTo(scope),
  records: eachRow(toRecord),
});
