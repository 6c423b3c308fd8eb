/**
 * Starting the next year, in the caller's transaction: the plan (plan.ts) applied at once, and
 * everything it changed kept for its undo (undo.ts). Classes stay the school's rooms; students
 * move between them, leaving students lose their class and their admission is marked withdrawn
 * (their transfer certificate is offered on /admin/year, not issued), the closing year's class of
 * each student is kept (student_years), fee structures are copied with their dates a year on.
 * Dues are not moved: an unpaid installment stays the closing year's, and the new year's dues
 * show it as "Previous year dues" until it is paid (fees' dues.ts), so it can be counted once only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { academicYearLabel } from '../../../contract/admission';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { RolloverInput, RolloverResult } from '../../../contract/years';
import type { Db } from '../../db/client';
import { classes, schools, schoolYears, students, studentYears } from '../../db/core-tables';
import { queryRows } from '../../db/rows';
import type { AuthUser } from '../../types';
import { admissions } from '../admissions/tables';
import { feeInstallments, feeStructures } from '../fees/tables';
import { planRollover, previewOf } from './plan';
import { yearRollovers } from './tables';
import { yearRecords } from './records';

/** What an undo puts back. */
export interface UndoRecord {
  fromYear: number;
  studentClasses: { id: string; classId: string | null }[];
  admissions: { id: string; status: 'admitted' | 'withdrawn' | 'cancelled'; withdrawnOn: string | null; withdrawalReason: string | null }[];
  createdClassIds: string[];
  createdStructureIds: string[];
  /** The closing year's row: created by the turnover (tombstoned by an undo) or reopened by it. */
  closedYear: { id: string; created: boolean };
  openedYearId: string;
}

/** Serialises the school's turnovers and undos (and anything else that takes it). */
export async function lockSchool(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${schools} where ${schools.tenantId} = ${tenantId} for update`);
}

/** A date a year on; 29 February becomes 28 February. */
function yearLater(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4)) + 1;
  const rest = isoDate.slice(4);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}${rest === '-02-29' && !leap ? '-02-28' : rest}`;
}

async function copyStructures(tx: Db, tenantId: string, structureIds: string[], toYear: number): Promise<string[]> {
  if (structureIds.length === 0) return [];
  const old = await tx.select().from(feeStructures).where(and(eq(feeStructures.tenantId, tenantId), inArray(feeStructures.id, structureIds)));
  const rows = await tx.select().from(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), inArray(feeInstallments.structureId, structureIds)));
  const newIds = new Map(old.map((one) => [one.id, randomUUID()]));
  await tx.insert(feeStructures).values(
    old.map((one) => ({ id: newIds.get(one.id)!, tenantId, classId: one.classId, academicYear: toYear, fineKind: one.fineKind, fineAmount: one.fineAmount, fineCap: one.fineCap })),
  );
  if (rows.length) {
    await tx.insert(feeInstallments).values(
      rows.map((one) => ({
        id: randomUUID(),
        tenantId,
        structureId: newIds.get(one.structureId)!,
        headId: one.headId,
        frequency: one.frequency,
        position: one.position,
        label: one.label,
        dueDate: yearLater(one.dueDate),
        amount: one.amount,
      })),
    );
  }
  return [...newIds.values()];
}

/** Moves students in one statement per destination. */
export async function seatStudents(tx: Db, tenantId: string, moves: { id: string; classId: string | null }[]): Promise<void> {
  const byClass = new Map<string | null, string[]>();
  for (const move of moves) byClass.set(move.classId, [...(byClass.get(move.classId) ?? []), move.id]);
  for (const [classId, ids] of byClass) {
    for (let at = 0; at < ids.length; at += 1000) {
      await tx
        .update(students)
        .set({ classId, updatedAt: new Date() })
        .where(and(eq(students.tenantId, tenantId), inArray(students.id, ids.slice(at, at + 1000))));
    }
  }
}

export async function commitRollover(tx: Db, user: AuthUser, input: RolloverInput): Promise<RolloverResult> {
  const tenantId = user.tenantId;
  await lockSchool(tx, tenantId);
  const plan = await planRollover(tx, tenantId, input);
  const { fromYear, toYear } = plan;
  const now = new Date();

  const classIdOfKey = new Map<string, string>();
  for (const [key, one] of plan.created) {
    const id = randomUUID();
    classIdOfKey.set(key, id);
    await tx.insert(classes).values({ id, tenantId, className: one.className, classSection: one.classSection });
  }

  const moves = plan.students.map((one) => ({
    id: one.studentId,
    classId: one.outcome === 'leaving' ? null : (one.toClassId ?? classIdOfKey.get(plan.toNewClass.get(one.studentId) ?? '') ?? null),
  }));
  for (let at = 0; at < plan.students.length; at += 1000) {
    await tx.insert(studentYears).values(
      plan.students.slice(at, at + 1000).map((one) => ({ id: randomUUID(), tenantId, studentId: one.studentId, academicYear: fromYear, classId: one.fromClassId, outcome: one.outcome, duesCarried: one.duesCarried })),
    );
  }
  await seatStudents(tx, tenantId, moves);

  const leaving = plan.students.filter((one) => one.outcome === 'leaving').map((one) => one.studentId);
  const withdrawn = leaving.length
    ? await tx
        .select({ id: admissions.id, status: admissions.status, withdrawnOn: admissions.withdrawnOn, withdrawalReason: admissions.withdrawalReason })
        .from(admissions)
        .where(and(eq(admissions.tenantId, tenantId), inArray(admissions.studentId, leaving), eq(admissions.status, 'admitted'), isNull(admissions.deletedAt)))
    : [];
  if (withdrawn.length) {
    await tx
      .update(admissions)
      .set({ status: 'withdrawn', withdrawnOn: schoolTodayIso(now), withdrawalReason: `Left at the end of ${academicYearLabel(fromYear)}`, updatedAt: now })
      .where(and(eq(admissions.tenantId, tenantId), inArray(admissions.id, withdrawn.map((one) => one.id))));
  }

  const createdStructureIds = await copyStructures(tx, tenantId, plan.structureIds, toYear);

  const [existing] = await tx
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.academicYear, fromYear), isNull(schoolYears.deletedAt)));
  const closedYear = existing ? { id: existing.id, created: false } : { id: randomUUID(), created: true };
  if (existing) await tx.update(schoolYears).set({ status: 'closed', updatedAt: now }).where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.id, existing.id)));
  else await tx.insert(schoolYears).values({ id: closedYear.id, tenantId, academicYear: fromYear, status: 'closed' });
  const openedYearId = randomUUID();
  await tx.insert(schoolYears).values({ id: openedYearId, tenantId, academicYear: toYear, status: 'open', startedAt: now });

  const undo: UndoRecord = {
    fromYear,
    studentClasses: plan.students.map((one) => ({ id: one.studentId, classId: one.fromClassId })),
    admissions: withdrawn,
    createdClassIds: [...classIdOfKey.values()],
    createdStructureIds,
    closedYear,
    openedYearId,
  };
  const [last] = await queryRows<{ rev: string | number }>(tx, sql`select nextval('kaksha_rev_seq') as rev`);
  await tx.insert(yearRollovers).values({ tenantId, toYear, committedAt: now, committedBy: user.id, lastRev: Number(last?.rev), undo });

  const [year] = await yearRecords(tx, tenantId, [openedYearId]);
  return { ...previewOf(plan), year: year! };
}
