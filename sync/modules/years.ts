/** The school year on the device: its years, written by the server only (a turnover is made online). */
import { defineSyncModule } from '../module-kit';
import { schoolYearsTable } from '../tables/years';

export { schoolYearsTable, type SchoolYearRow } from '../tables/years';

export const yearsSync = defineSyncModule({
  name: 'years',
  tables: [schoolYearsTable],
  kinds: [],
});
