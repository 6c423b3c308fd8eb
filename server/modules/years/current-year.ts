/**
 * Which year a school is in and who sat in which class in a year: what other modules ask of the
 * school year (fees' dues of a year, attendance of a closed year's dates). Public to the modules
 * (eslint.config.js).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { academicYearOf } from '../../../contract/admission';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { schoolYears, students, studentYears } from '../../db/core-tables';

/** The school's open year; a school that never turned a year over is in the year of today's date. */
export async function currentYearOf(db: Db, tenantId: string, today: string = schoolTodayIso()): Promise<number> {
  const rows = await db
    .select({ academicYear: schoolYears.academicYear })
    .from(schoolYears)
    .where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.status, 'open'), isNull(schoolYears.deletedAt)));
  return rows.length ? Math.max(...rows.map((row) => row.academicYear)) : academicYearOf(today);
}

/**
 * Each student's class in `academicYear`: the class kept when that year closed, else (the current
 * year, or a year before the school's first turnover) the student's class now.
 */
export async function classesInYear(db: Db, tenantId: string, studentIds: readonly string[], academicYear: number): Promise<Map<string, string | null>> {
  if (studentIds.length === 0) return new Map();
  const ids = [...new Set(studentIds)];
  // One statement: a receipt reads this for its student, 200 webhooks at once for theirs.
  const rows = await db
    .select({
      id: students.id,
      classId: sql<string | null>`case when ${studentYears.studentId} is null then ${students.classId} else ${studentYears.classId} end`,
    })
    .from(students)
    .leftJoin(
      studentYears,
      and(
        eq(studentYears.tenantId, students.tenantId),
        eq(studentYears.studentId, students.id),
        eq(studentYears.academicYear, academicYear),
        isNull(studentYears.deletedAt),
      ),
    )
    .where(and(eq(students.tenantId, tenantId), inArray(students.id, ids), isNull(students.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.classId]));
}

/** The students who sat in a class in `academicYear` (its students now, for the current year). */
export async function studentsOfClassInYear(db: Db, tenantId: string, classId: string, academicYear: number): Promise<string[]> {
  if (academicYear < (await currentYearOf(db, tenantId))) {
    const rows = await db
      .select({ id: studentYears.studentId })
      .from(studentYears)
      .innerJoin(students, and(eq(students.tenantId, studentYears.tenantId), eq(students.id, studentYears.studentId), isNull(students.deletedAt)))
      .where(and(eq(studentYears.tenantId, tenantId), eq(studentYears.academicYear, academicYear), eq(studentYears.classId, classId), isNull(studentYears.deletedAt)));
    if (rows.length > 0 || (await closedYearKept(db, tenantId, academicYear))) return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.classId, classId), isNull(students.deletedAt)));
  return rows.map((row) => row.id);
}

/** Whether a turnover wrote the year's classes down (a year before the school's first has none). */
async function closedYearKept(db: Db, tenantId: string, academicYear: number): Promise<boolean> {
  const rows = await db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.academicYear, academicYear), eq(schoolYears.status, 'closed'), isNull(schoolYears.deletedAt)));
  return rows.length > 0;
}
