/**
 * Undoing a turnover: within the window after it, and only while nothing has been written since
 * (no row of the school carries a later rev than the turnover's last), the school is put back as
 * it was: students in their classes, admissions as they were, the created classes and copied
 * structures tombstoned (devices learn of them as of any deletion), the closing year open again.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { academicYearLabel } from '../../../contract/admission';
import { undoWindowHours, yearMessages } from '../../../contract/years';
import type { Db } from '../../db/client';
import { classes, schoolYears, studentYears } from '../../db/core-tables';
import { queryRows } from '../../db/rows';
import { conflict } from '../../errors';
import { admissions } from '../admissions/tables';
import { feeInstallments, feeStructures } from '../fees/tables';
import { lockSchool, seatStudents, type UndoRecord } from './commit';
import { currentYearOf } from './current-year';
import { yearRollovers } from './tables';

/** Every table that carries a school's rows and their revs, read from the database itself. */
async function revTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c
        join information_schema.columns t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.column_name = 'tenant_id'
        join information_schema.tables k on k.table_schema = c.table_schema and k.table_name = c.table_name and k.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'rev'
        order by c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function writtenSince(db: Db, tenantId: string, lastRev: number): Promise<boolean> {
  const tables = await revTables(db);
  const checks = tables.map((table) => sql`select 1 from ${sql.identifier(table)} where tenant_id = ${tenantId} and rev > ${lastRev}`);
  if (checks.length === 0) return false;
  const rows = await queryRows(db, sql`select exists(${sql.join(checks, sql` union all `)}) as written`);
  return rows[0]?.written === true;
}

export async function undoRollover(tx: Db, tenantId: string, toYear: number, now = new Date()): Promise<{ undone: string; current: string }> {
  await lockSchool(tx, tenantId);
  const notStarted = conflict(yearMessages.notStarted(academicYearLabel(toYear)));
  if ((await currentYearOf(tx, tenantId)) !== toYear) throw notStarted;
  const [rollover] = await tx.select().from(yearRollovers).where(and(eq(yearRollovers.tenantId, tenantId), eq(yearRollovers.toYear, toYear)));
  if (!rollover) throw notStarted;
  if (now.getTime() - rollover.committedAt.getTime() > undoWindowHours * 3_600_000) throw conflict(yearMessages.undoTooLate);
  if (await writtenSince(tx, tenantId, rollover.lastRev)) throw conflict(yearMessages.undoAfterWrites);

  const undo = rollover.undo as UndoRecord;
  await seatStudents(tx, tenantId, undo.studentClasses);
  for (const one of undo.admissions) {
    await tx
      .update(admissions)
      .set({ status: one.status, withdrawnOn: one.withdrawnOn, withdrawalReason: one.withdrawalReason, updatedAt: now })
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.id, one.id)));
  }
  if (undo.createdStructureIds.length) {
    await tx.delete(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), inArray(feeInstallments.structureId, undo.createdStructureIds)));
    await tx.update(feeStructures).set({ deletedAt: now, updatedAt: now }).where(and(eq(feeStructures.tenantId, tenantId), inArray(feeStructures.id, undo.createdStructureIds)));
  }
  await tx
    .update(studentYears)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(studentYears.tenantId, tenantId), eq(studentYears.academicYear, undo.fromYear), isNull(studentYears.deletedAt)));
  if (undo.createdClassIds.length) {
    await tx.update(classes).set({ deletedAt: now, updatedAt: now }).where(and(eq(classes.tenantId, tenantId), inArray(classes.id, undo.createdClassIds)));
  }
  await tx.update(schoolYears).set({ deletedAt: now, updatedAt: now }).where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.id, undo.openedYearId)));
  await tx
    .update(schoolYears)
    .set(undo.closedYear.created ? { deletedAt: now, updatedAt: now } : { status: 'open', updatedAt: now })
    .where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.id, undo.closedYear.id)));
  await tx.delete(yearRollovers).where(and(eq(yearRollovers.tenantId, tenantId), eq(yearRollovers.toYear, toYear)));
  return { undone: academicYearLabel(toYear), current: academicYearLabel(undo.fromYear) };
}
