/**
 * The school year in the pull: the school's years for every signed-in user (each device learns
 * the current year from them), and each student's class in closed years for staff and the family.
 */
import { inArray } from 'drizzle-orm';
import { studentYears } from '../../db/core-tables';
import { byId, defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { yearRecords } from './records';
import { schoolYears } from './tables';

export const schoolYearsSyncSource = defineSyncSource({
  entity: 'schoolYears',
  table: schoolYears,
  where: () => undefined,
  records: async (db, tenantId, rows) => byId(await yearRecords(db, tenantId, rows.map((row) => row.id))),
});

export const studentYearsSyncSource = defineSyncSource({
  entity: 'studentYears',
  table: studentYears,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? inArray(studentYears.studentId, scope.studentIds) : 'none'),
  records: eachRow((row: typeof studentYears.$inferSelect) => ({
    id: row.id,
    studentId: row.studentId,
    academicYear: row.academicYear,
    classId: row.classId,
    outcome: row.outcome,
    duesCarried: row.duesCarried,
    rev: row.rev,
  })),
});
