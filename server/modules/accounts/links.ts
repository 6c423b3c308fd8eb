/**
 * Records link accounts by e-mail, as registration does (auth/registration.ts): a parent account
 * whose username is a student's parentEmail gets that child (siblings share the parent), a student
 * account whose username is the student's emailId gets its record, a teacher (or admin) account
 * whose username is a teacher's emailId gets its teacher record. When the e-mail on a record
 * changes, the account of the old e-mail loses that link. Account status never changes here: a
 * pending registration stays pending until an admin approves it.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parentChildren, users } from '../../db/core-tables';

function same(a: string | null, b: string | null): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

async function accountId(tx: Db, tenantId: string, email: string, roles: ('parent' | 'student' | 'teacher' | 'admin')[]) {
  const [row] = await tx
    .select({ id: users.id, studentId: users.studentId, teacherId: users.teacherId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, email.toLowerCase()), inArray(users.role, roles)));
  return row;
}

/** Links (and unlinks after an e-mail change) the parent and student accounts of a student. */
export async function linkStudentAccounts(
  tx: Db,
  tenantId: string,
  student: { id: string; emailId: string | null; parentEmail: string | null },
  previous?: { emailId: string | null; parentEmail: string | null },
): Promise<void> {
  if (previous?.parentEmail && !same(previous.parentEmail, student.parentEmail)) {
    const old = await accountId(tx, tenantId, previous.parentEmail, ['parent']);
    if (old) {
      await tx
        .update(parentChildren)
        .set({ deletedAt: sql`now()` })
        .where(
          and(
            eq(parentChildren.tenantId, tenantId),
            eq(parentChildren.userId, old.id),
            eq(parentChildren.studentId, student.id),
            isNull(parentChildren.deletedAt),
          ),
        );
    }
  }
  if (student.parentEmail) {
    const parent = await accountId(tx, tenantId, student.parentEmail, ['parent']);
    if (parent) {
      await tx
        .insert(parentChildren)
        .values({ tenantId, userId: parent.id, studentId: student.id })
        .onConflictDoUpdate({
          target: [parentChildren.tenantId, parentChildren.userId, parentChildren.studentId],
          set: { deletedAt: null },
          setWhere: sql`${parentChildren.deletedAt} is not null`,
        });
    }
  }
  if (previous?.emailId && !same(previous.emailId, student.emailId)) {
    await tx
      .update(users)
      .set({ studentId: null })
      .where(
        and(eq(users.tenantId, tenantId), eq(users.studentId, student.id), eq(users.username, previous.emailId.toLowerCase())),
      );
  }
  if (student.emailId) {
    const own = await accountId(tx, tenantId, student.emailId, ['student']);
    if (own && own.studentId === null) {
      await tx.update(users).set({ studentId: student.id }).where(and(eq(users.tenantId, tenantId), eq(users.id, own.id)));
    }
  }
}

/** Links (and unlinks after an e-mail change) the teacher or admin account of a teacher record. */
export async function linkTeacherAccount(
  tx: Db,
  tenantId: string,
  teacher: { id: string; emailId: string | null },
  previous?: { emailId: string | null },
): Promise<void> {
  if (previous?.emailId && !same(previous.emailId, teacher.emailId)) {
    await tx
      .update(users)
      .set({ teacherId: null })
      .where(
        and(eq(users.tenantId, tenantId), eq(users.teacherId, teacher.id), eq(users.username, previous.emailId.toLowerCase())),
      );
  }
  if (teacher.emailId) {
    const account = await accountId(tx, tenantId, teacher.emailId, ['teacher', 'admin']);
    if (account && account.teacherId === null) {
      await tx.update(users).set({ teacherId: teacher.id }).where(and(eq(users.tenantId, tenantId), eq(users.id, account.id)));
    }
  }
}

/** When a student record is deleted: its parents' links go too (as tombstones, for sync). */
export async function unlinkDeletedStudent(tx: Db, tenantId: string, studentId: string): Promise<void> {
  await tx
    .update(parentChildren)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(parentChildren.tenantId, tenantId), eq(parentChildren.studentId, studentId), isNull(parentChildren.deletedAt)));
}

/** linkStudentAccounts for many new students at once (bulk import): a few queries, not a few per row. */
export async function linkNewStudents(
  tx: Db,
  tenantId: string,
  created: { id: string; emailId: string | null; parentEmail: string | null }[],
): Promise<void> {
  const emails = new Set<string>();
  for (const student of created) {
    if (student.parentEmail) emails.add(student.parentEmail.toLowerCase());
    if (student.emailId) emails.add(student.emailId.toLowerCase());
  }
  if (emails.size === 0) return;
  const accounts = await tx
    .select({ id: users.id, username: users.username, role: users.role, studentId: users.studentId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.username, [...emails]), inArray(users.role, ['parent', 'student'])));
  const parents = new Map(accounts.filter((a) => a.role === 'parent').map((a) => [a.username, a.id]));
  const own = new Map(accounts.filter((a) => a.role === 'student' && a.studentId === null).map((a) => [a.username, a.id]));
  const links = created.flatMap((student) => {
    const parent = student.parentEmail ? parents.get(student.parentEmail.toLowerCase()) : undefined;
    return parent ? [{ tenantId, userId: parent, studentId: student.id }] : [];
  });
  for (let at = 0; at < links.length; at += 1000) {
    await tx
      .insert(parentChildren)
      .values(links.slice(at, at + 1000))
      .onConflictDoUpdate({
        target: [parentChildren.tenantId, parentChildren.userId, parentChildren.studentId],
        set: { deletedAt: null },
        setWhere: sql`${parentChildren.deletedAt} is not null`,
      });
  }
  for (const student of created) {
    const account = student.emailId ? own.get(student.emailId.toLowerCase()) : undefined;
    if (!account) continue;
    own.delete(student.emailId!.toLowerCase());
    await tx.update(users).set({ studentId: student.id }).where(and(eq(users.tenantId, tenantId), eq(users.id, account)));
  }
}
