/** Certificates in the pull: staff only, with the frozen print data (a reprint offline shows the same page). */
import { certificates } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toCertificate } from './repository';

export const certificatesSyncSource = defineSyncSource({
  entity: 'certificates',
  table: certificates,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: eachRow(toCertificate),
});
