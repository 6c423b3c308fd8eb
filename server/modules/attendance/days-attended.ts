/**
 * A student's days attended over a span, as a report card prints them (present and late count as
 * attended; every live mark counts as a day): what the exams module asks for a report card a signed
 * link opens. Public to the modules (eslint.config.js).
 */
import { and, between, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendance } from './tables';

/** `{ present, days }` of the student's marks dated `from` to `until` (inclusive); days 0 when none. */
export async function daysAttended(db: Db, tenantId: string, studentId: string, from: string, until: string): Promise<{ present: number; days: number }> {
  const span = and(eq(attendance.tenantId, tenantId), eq(attendance.studentId, studentId), between(attendance.date, from, until), isNull(attendance.deletedAt));
  const [days] = await db.select({ value: count() }).from(attendance).where(span);
  const [present] = await db
    .select({ value: count() })
    .from(attendance)
    .where(and(span, inArray(attendance.status, ['present', 'late'])));
  return { present: present?.value ?? 0, days: days?.value ?? 0 };
}
