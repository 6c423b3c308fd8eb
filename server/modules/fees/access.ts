/**
 * Who reads fees: admins the whole school; teachers the same when the school allows it
 * (fee settings), never to collect; a student or parent their own children's only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, students } from '../../db/core-tables';
import { AppError } from '../../errors';
import { canSeeStudent, readScopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { feeRepository } from './repository';
import { feeMessages } from '../../../contract/fees';

/** undefined: the whole school; otherwise the students whose fees this user may read. */
export type FeeReadScope = { studentIds?: string[] };

export async function feeReadScope(db: Db, user: AuthUser): Promise<FeeReadScope> {
  if (user.role === 'admin') return {};
  if (user.role === 'teacher') {
    if (!(await feeRepository.settings(db, user.tenantId)).teachersMayRead) throw new AppError(403, feeMessages.staffMayNotRead);
    return {};
  }
  return { studentIds: (await readScopeOf(db, user)).studentIds };
}

/** 403 unless this user may read this student's fees (an unknown or other school's id alike). */
export async function assertMayReadStudent(db: Db, user: AuthUser, studentId: string): Promise<void> {
  await feeReadScope(db, user);
  if (!(await canSeeStudent(db, user, studentId))) throw new AppError(403, feeMessages.notYourStudent);
}

/** A live student of the school with the class printed on receipts ("V A"). */
export async function studentForFees(db: Db, tenantId: string, studentId: string, lock = false) {
  const query = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      admissionId: students.admissionId,
      classId: students.classId,
      className: classes.className,
      classSection: classes.classSection,
    })
    .from(students)
    .leftJoin(classes, and(eq(classes.tenantId, students.tenantId), eq(classes.id, students.classId)))
    .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
  const [row] = lock ? await query.for('update', { of: students }) : await query;
  return row;
}
