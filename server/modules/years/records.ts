/** A school's years as GET /api/years/all and the pull send them. */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { academicYearLabel } from '../../../contract/admission';
import { undoWindowHours, type SchoolYear } from '../../../contract/years';
import type { Db } from '../../db/client';
import { currentYearOf } from './current-year';
import { yearRollovers } from './tables';
import { schoolYears } from '../../db/core-tables';

type Row = typeof schoolYears.$inferSelect;

const windowMs = undoWindowHours * 3_600_000;

async function undoDeadlines(db: Db, tenantId: string): Promise<Map<number, Date>> {
  const rows = await db.select({ toYear: yearRollovers.toYear, committedAt: yearRollovers.committedAt }).from(yearRollovers).where(eq(yearRollovers.tenantId, tenantId));
  return new Map(rows.map((row) => [row.toYear, new Date(row.committedAt.getTime() + windowMs)]));
}

function toSchoolYear(row: Row, deadlines: Map<number, Date>, now: Date): SchoolYear {
  const deadline = row.status === 'open' ? deadlines.get(row.academicYear) : undefined;
  return {
    id: row.id,
    academicYear: row.academicYear,
    label: academicYearLabel(row.academicYear),
    status: row.status,
    current: row.status === 'open',
    startedAt: row.startedAt?.toISOString() ?? null,
    undoUntil: deadline && deadline > now ? deadline.toISOString() : null,
    rev: row.rev,
  };
}

export async function yearRecords(db: Db, tenantId: string, ids: string[]): Promise<SchoolYear[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(schoolYears).where(and(eq(schoolYears.tenantId, tenantId), inArray(schoolYears.id, ids)));
  const deadlines = await undoDeadlines(db, tenantId);
  const now = new Date();
  return rows.map((row) => toSchoolYear(row, deadlines, now));
}

/** The id a school's first year answers with before any turnover wrote it down: the same every time. */
function firstYearId(tenantId: string, academicYear: number): string {
  const hex = createHash('sha256').update(`school-year:${tenantId}:${academicYear}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Newest first; a school that never turned a year over has its current year alone. */
export async function allYears(db: Db, tenantId: string): Promise<SchoolYear[]> {
  const rows = await db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.tenantId, tenantId), isNull(schoolYears.deletedAt)))
    .orderBy(desc(schoolYears.academicYear));
  if (rows.length === 0) {
    const academicYear = await currentYearOf(db, tenantId);
    return [{ id: firstYearId(tenantId, academicYear), academicYear, label: academicYearLabel(academicYear), status: 'open', current: true, startedAt: null, undoUntil: null }];
  }
  const deadlines = await undoDeadlines(db, tenantId);
  const now = new Date();
  return rows.map((row) => toSchoolYear(row, deadlines, now));
}
