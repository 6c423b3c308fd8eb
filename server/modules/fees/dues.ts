/** Students' dues from the database through the shared calculator (contract/fee-dues.ts). */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { computeDues, holidayLateDays } from '../../../contract/fee-dues';
import type { StudentDues } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { events, students } from '../../db/schema';
import { feeRepository } from './repository';

export async function duesOfStudents(db: Db, tenantId: string, studentIds: string[], academicYear: number, today: string): Promise<StudentDues[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .select({ id: students.id, classId: students.classId })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), inArray(students.id, studentIds), isNull(students.deletedAt)));
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
  return rows.map((row) =>
    computeDues({
      studentId: row.id,
      academicYear,
      structure: row.classId ? byClass.get(row.classId) : undefined,
      headNames,
      concessions,
      receipts,
      today,
      lateDays: row.classId ? lateDaysOf.get(row.classId) : undefined,
    }),
  );
}
