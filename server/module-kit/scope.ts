/**
 * What a user may see through sync/pull (docs/sync.md "Pull"): staff the whole school; a student their
 * own record, their class and their own attendance; a parent their children's. The fingerprint
 * changes exactly when that set of records changes shape (role, linked student, class, children),
 * which is when a client must start over.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import { academicYearStartMonth } from '../../contract/admission';
import type { RoleName } from '../../contract/roles';
import type { Db } from '../db/client';
import { parentChildren, schoolYears, students, studentYears } from '../db/core-tables';
import type { AuthUser } from '../types';

/** What a user may read: every route's scope. */
export interface ReadScope {
  /** The signed-in user (records addressed to people: notifications, read marks). */
  userId: string;
  role: RoleName;
  /** Staff: every record of the school. */
  school: boolean;
  /** Family: the students whose records are visible (own record, or the children). */
  studentIds: string[];
  /** Family: those students' classes. */
  classIds: string[];
  /** Family: the students' classes of closed years (last year's fees are last year's class's). */
  formerClassIds: string[];
  fingerprint: string;
}

/** What a pull sends: the read scope and how far back the records piling up by the day go. */
export interface SyncScope extends ReadScope {
  /**
   * The first day of the records a pull brings where they pile up by the day (attendance, staff
   * attendance, marks): the start of the current year once the school has a year of its own, so a
   * first sync holds this year's records, not every year's (the summaries, results and receipts,
   * travel for every year). Null before the school's first turnover.
   */
  syncFrom: string | null;
}

function fingerprintOf(user: AuthUser, studentIds: string[], classIds: string[], formerClassIds: string[] = []): string {
  const shape = [user.tenantId, user.id, user.role, [...studentIds].sort().join(','), [...classIds].sort().join(',')];
  // Added only when there are any, so a scope without a closed year keeps its fingerprint.
  if (formerClassIds.length > 0) shape.push([...formerClassIds].sort().join(','));
  return createHash('sha256').update(shape.join('|')).digest('hex').slice(0, 16);
}

/** The start of the current year once the school has a year of its own (docs/decisions.md "The school year"). */
async function syncFromOf(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ year: max(schoolYears.academicYear) })
    .from(schoolYears)
    .where(and(eq(schoolYears.tenantId, tenantId), eq(schoolYears.status, 'open'), isNull(schoolYears.deletedAt)));
  return row?.year ? `${row.year}-${String(academicYearStartMonth).padStart(2, '0')}-01` : null;
}

/** The pull's scope (sync/pull); a route reads with readScopeOf, which asks nothing of staff. */
export async function scopeOf(db: Db, user: AuthUser): Promise<SyncScope> {
  const scope = await readScopeOf(db, user);
  return { ...scope, syncFrom: await syncFromOf(db, user.tenantId) };
}

export async function readScopeOf(db: Db, user: AuthUser): Promise<ReadScope> {
  if (user.role === 'admin' || user.role === 'teacher') {
    return { userId: user.id, role: user.role, school: true, studentIds: [], classIds: [], formerClassIds: [], fingerprint: fingerprintOf(user, [], []) };
  }
  let studentIds: string[] = [];
  if (user.role === 'student') {
    studentIds = user.studentId ? [user.studentId] : [];
  } else {
    const links = await db
      .select({ studentId: parentChildren.studentId })
      .from(parentChildren)
      .where(and(eq(parentChildren.tenantId, user.tenantId), eq(parentChildren.userId, user.id), isNull(parentChildren.deletedAt)));
    studentIds = links.map((link) => link.studentId);
  }
  // Deleted students stay in scope, so their tombstones reach the device.
  const rows =
    studentIds.length === 0
      ? []
      : await db
          .select({ classId: students.classId })
          .from(students)
          .where(and(eq(students.tenantId, user.tenantId), inArray(students.id, studentIds)));
  const classIds = [...new Set(rows.map((row) => row.classId).filter((id): id is string => id !== null))];
  const former =
    studentIds.length === 0
      ? []
      : await db
          .select({ classId: studentYears.classId })
          .from(studentYears)
          .where(and(eq(studentYears.tenantId, user.tenantId), inArray(studentYears.studentId, studentIds), isNull(studentYears.deletedAt)));
  const formerClassIds = [...new Set(former.map((row) => row.classId).filter((id): id is string => id !== null && !classIds.includes(id)))];
  return { userId: user.id, role: user.role, school: false, studentIds, classIds, formerClassIds, fingerprint: fingerprintOf(user, studentIds, classIds, formerClassIds) };
}

/** Whether a user may read one student's records (attendance ranges and the like). */
export async function canSeeStudent(db: Db, user: AuthUser, studentId: string): Promise<boolean> {
  if (user.role === 'admin' || user.role === 'teacher') return true;
  if (user.role === 'student') return user.studentId === studentId;
  const [link] = await db
    .select({ studentId: parentChildren.studentId })
    .from(parentChildren)
    .where(
      and(
        eq(parentChildren.tenantId, user.tenantId),
        eq(parentChildren.userId, user.id),
        eq(parentChildren.studentId, studentId),
        isNull(parentChildren.deletedAt),
      ),
    );
  return link !== undefined;
}
