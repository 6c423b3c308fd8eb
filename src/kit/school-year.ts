/**
 * The school's current year as the device knows it (the server's `schoolYears`, synced): the year a
 * screen shows unless the user chooses another. A school that never turned a year over has no row:
 * its year is that of today's date. A turnover reaches the device with its next sync and the
 * screens reading this switch without a reload.
 */
import { academicYearLabel, academicYearOf } from '../../contract/academic-year';
import { todayIso } from '../../contract/school-day';
import type { KakshaDb } from '../../sync';
import type { StudentRow } from '../../sync';
import { studentsTable } from '../../sync/modules/students';
import { schoolYearsTable, studentYearsTable, type SchoolYearRow } from '../../sync/modules/years';
import { useMirrorQuery } from '../sync-binding/use-mirror-query';

export interface SchoolYears {
  current: number;
  /** Newest first; the current one always among them. */
  years: readonly { academicYear: number; label: string; closed: boolean }[];
}

export function schoolYearsFrom(rows: readonly SchoolYearRow[], today: string): SchoolYears {
  const open = rows.filter((row) => row.status === 'open').map((row) => row.academicYear);
  const current = open.length ? Math.max(...open) : academicYearOf(today);
  const known = new Map(rows.map((row) => [row.academicYear, row.status === 'closed']));
  if (!known.has(current)) known.set(current, false);
  const years = [...known].sort(([a], [b]) => b - a).map(([academicYear, closed]) => ({ academicYear, label: academicYearLabel(academicYear), closed }));
  return { current, years };
}

export async function readSchoolYears(db: KakshaDb, today: string = todayIso()): Promise<SchoolYears> {
  return schoolYearsFrom(await db.tableOf(schoolYearsTable).toArray(), today);
}

/** Undefined while the mirror is read. */
export function useSchoolYears(): SchoolYears | undefined {
  return useMirrorQuery((db) => readSchoolYears(db), []);
}

/**
 * The students who sat in a class in `academicYear` when that year is closed (each student's class
 * then, `studentYears`), in no particular order; null for the current year or a year the school
 * never closed, whose class is the students' own `classId`.
 */
export async function classStudentsOfYear(db: KakshaDb, classId: string, academicYear: number): Promise<StudentRow[] | null> {
  const years = await readSchoolYears(db);
  if (!years.years.some((one) => one.academicYear === academicYear && one.closed)) return null;
  const seated = (await db.tableOf(studentYearsTable).where('academicYear').equals(academicYear).toArray()).filter((row) => row.classId === classId);
  return (await db.tableOf(studentsTable).bulkGet(seated.map((row) => row.studentId))).filter((row): row is StudentRow => row !== undefined);
}
