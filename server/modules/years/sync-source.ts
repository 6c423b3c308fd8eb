/** The school's years in the pull: every signed-in user's device learns the current year from them. */
import { byId, defineSyncSource } from '../../module-kit/sync-source';
import { yearRecords } from './records';
import { schoolYears } from './tables';

export const schoolYearsSyncSource = defineSyncSource({
  entity: 'schoolYears',
  table: schoolYears,
  where: () => undefined,
  records: async (db, tenantId, rows) => byId(await yearRecords(db, tenantId, rows.map((row) => row.id))),
});
