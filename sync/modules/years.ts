/** The school year on the device: its years, written by the server only (a turnover is made online). */
import { defineSyncModule } from '../module-kit';
import { schoolYearsTable, studentYearsTable } from '../tables/years';

export { schoolYearsTable, studentYearsTable, type SchoolYearRow, type StudentYearRow } from '../tables/years';

export const yearsSync = defineSyncModule({
  name: 'years',
  tables: [schoolYearsTable, studentYearsTable],
  kinds: [],
});
