/**
 * The school year in the pull: the school's years for every signed-in user (each device learns
 * the current year from them), and each student's class in closed years for staff and the family.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { classes, schoolYears, studentYears } from '../../db/core-tables';
import { byId, defineSyncSource } from '../../module-kit/sync-source';
import { yearRecords } from './records';

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
  records: async (db, tenantId, rows) => {
    const classIds = [...new Set(rows.map((row) => row.classId).filter((id): id is string => id !== null))];
    const names = classIds.length
      ? await db
          .select({ id: classes.id, className: classes.className, classSection: classes.classSection })
          .from(classes)
          .where(and(eq(classes.tenantId, tenantId), inArray(classes.id, classIds)))
      : [];
    const nameOf = new Map(names.map((one) => [one.id, one]));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          studentId: row.studentId,
          academicYear: row.academicYear,
          classId: row.classId,
          className: row.classId ? (nameOf.get(row.classId)?.className ?? null) : null,
          classSection: row.classId ? (nameOf.get(row.classId)?.classSection ?? null) : null,
          outcome: row.outcome,
          duesCarried: row.duesCarried,
          rev: row.rev,
        },
      ]),
    );
  },
});
