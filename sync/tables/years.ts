/** The school's years on the device (sync/modules/years.ts lists it): every screen learns the current year from it. */
import type { SchoolYear, StudentYearRecord } from '../../contract/years';
import { mirrorTable } from '../mirror-table';

export type SchoolYearRow = SchoolYear & { rev: number };

export const schoolYearsTable = mirrorTable<SchoolYearRow>()('schoolYears', { 5: 'id, academicYear, rev' });

export type StudentYearRow = StudentYearRecord & { rev: number };

/** Each student's class in closed years (staff: the school's; a family: their children's). */
export const studentYearsTable = mirrorTable<StudentYearRow>()('studentYears', { 5: 'id, studentId, academicYear, rev' });
