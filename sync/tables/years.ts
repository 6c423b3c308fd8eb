/** The school's years on the device (sync/modules/years.ts lists it): every screen learns the current year from it. */
import type { SchoolYear } from '../../contract/years';
import { mirrorTable } from '../mirror-table';

export type SchoolYearRow = SchoolYear & { rev: number };

export const schoolYearsTable = mirrorTable<SchoolYearRow>()('schoolYears', { 5: 'id, academicYear, rev' });
