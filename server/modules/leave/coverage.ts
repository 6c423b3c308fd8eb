/**
 * Whose day is covered by approved leave: what attendance asks when a sheet arrives (a child on
 * approved leave is kept "leave" unless the teacher marked them present). Public to the modules
 * (eslint.config.js).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leaveApplications } from './tables';

export const leaveKey = (studentId: string, date: string) => `${studentId}|${date}`;

/** The `leaveKey`s of the given students' days that approved leave covers. */
export async function approvedStudentLeave(db: Db, tenantId: string, days: readonly { studentId: string; date: string }[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const studentIds = [...new Set(days.map((day) => day.studentId))];
  const dates = days.map((day) => day.date).sort();
  const rows = await db
    .select({ studentId: leaveApplications.studentId, from: leaveApplications.from, to: leaveApplications.to })
    .from(leaveApplications)
    .where(
      and(
        eq(leaveApplications.tenantId, tenantId),
        eq(leaveApplications.status, 'approved'),
        isNull(leaveApplications.deletedAt),
        inArray(leaveApplications.studentId, studentIds),
        sql`${leaveApplications.from} <= ${dates[dates.length - 1]!} and ${leaveApplications.to} >= ${dates[0]!}`,
      ),
    );
  const covered = new Set<string>();
  for (const day of days) {
    if (rows.some((row) => row.studentId === day.studentId && row.from <= day.date && day.date <= row.to)) covered.add(leaveKey(day.studentId, day.date));
  }
  return covered;
}
