/** The school days a leave covers: Sundays and the school's holidays (for the class, or school-wide) out. */
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { datesBetween, isWorkingDay, type CalendarEntry } from '../../../contract/working-days';
import type { Db } from '../../db/client';
import { events } from '../events/tables';

async function holidaysBetween(db: Db, tenantId: string, from: string, to: string): Promise<CalendarEntry[]> {
  const rows = await db
    .select({ kind: events.kind, startDate: events.startDate, endDate: events.endDate, audienceKind: events.audienceKind, classIds: events.audienceClassIds })
    .from(events)
    .where(and(eq(events.tenantId, tenantId), eq(events.kind, 'holiday'), isNull(events.deletedAt), lte(events.startDate, to), gte(events.endDate, from)));
  return rows.map((row) => ({ kind: row.kind, startDate: row.startDate, endDate: row.endDate, audience: { kind: row.audienceKind, classIds: row.classIds } }));
}

/** The working days from..to for a class (a student's leave) or the school (a teacher's). */
export async function schoolDaysBetween(db: Db, tenantId: string, from: string, to: string, classId?: string): Promise<string[]> {
  const holidays = await holidaysBetween(db, tenantId, from, to);
  return datesBetween(from, to).filter((date) => isWorkingDay(date, holidays, classId));
}
