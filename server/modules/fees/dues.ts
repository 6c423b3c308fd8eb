/**
 * Students' dues from the database through the shared calculator (contract/fee-dues.ts). The
 * sources of one academic year are read once: the calculator counts that year's receipts only
 * (`receiptFeeYear`), and a receipt being issued works its checks and fixed figures out of them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { computeDues, holidayLateDays, type DuesSources } from '../../../contract/fee-dues';
import type { StudentDues } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { events } from '../events/tables';
import { classesInYear } from '../years/current-year';
import { feeRepository } from './repository';

function groupByStudent<T extends { studentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.studentId);
    if (list) list.push(row);
    else groups.set(row.studentId, [row]);
  }
  return groups;
}

/** Each student's sources of the year, all but the day they are worked out for. */
export async function duesSourcesOf(db: Db, tenantId: string, studentIds: string[], academicYear: number): Promise<Omit<DuesSources, 'today'>[]> {
  if (studentIds.length === 0) return [];
  // A closed year's dues are its class's of that year, whichever class the student sits in now.
  const classOf = await classesInYear(db, tenantId, studentIds, academicYear);
  const rows = [...classOf].map(([id, classId]) => ({ id, classId }));
  const classIds = [...new Set(rows.map((row) => row.classId).filter((id): id is string => id !== null))];
  // One after another: inside a write's transaction the queries share one connection.
  const structures = classIds.length ? await feeRepository.structures(db, tenantId, { academicYear, classIds }) : [];
  const concessions = await feeRepository.concessions(db, tenantId, { academicYear, studentIds });
  const receipts = await feeRepository.receipts(db, tenantId, { studentIds, status: 'paid' });
  const headNames = await feeRepository.headNames(db, tenantId);
  const holidays = (
    await db
      .select({ kind: events.kind, startDate: events.startDate, endDate: events.endDate, audienceKind: events.audienceKind, classIds: events.audienceClassIds })
      .from(events)
      .where(and(eq(events.tenantId, tenantId), eq(events.kind, 'holiday'), isNull(events.deletedAt)))
  ).map((row) => ({ kind: row.kind, startDate: row.startDate, endDate: row.endDate, audience: { kind: row.audienceKind, classIds: row.classIds } }));
  const lateDaysOf = new Map(classIds.map((classId) => [classId, holidayLateDays(holidays, academicYear, classId)]));
  const byClass = new Map(structures.map((structure) => [structure.classId, structure]));
  // Grouped once: a whole school's dues (a turnover's dry run) would otherwise scan every receipt per student.
  const concessionsOf = groupByStudent(concessions);
  const receiptsOf = groupByStudent(receipts);
  return rows.map((row) => ({
    studentId: row.id,
    academicYear,
    structure: row.classId ? byClass.get(row.classId) : undefined,
    headNames,
    concessions: concessionsOf.get(row.id) ?? [],
    receipts: receiptsOf.get(row.id) ?? [],
    lateDays: row.classId ? lateDaysOf.get(row.classId) : undefined,
  }));
}

export async function duesOfStudents(db: Db, tenantId: string, studentIds: string[], academicYear: number, today: string): Promise<StudentDues[]> {
  return (await duesSourcesOf(db, tenantId, studentIds, academicYear)).map((sources) => computeDues({ ...sources, today }));
}
