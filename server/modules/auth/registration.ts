/**
 * Self-registration. Knowing an address gives nobody access: every registration starts pending and
 * unlinked. The account links to the school's record (a student's own e-mail, the parents' e-mail on
 * their children's records, a teacher's e-mail) only when the registrant confirms the code mailed to
 * that address (registration-codes.ts); otherwise, and for every admin, an admin of the school
 * decides. Registering an address that already has an account at the school changes nothing of
 * that account, and the caller cannot tell it from a new registration (docs/decisions.md,
 * "Hardening"); when the account was never confirmed, the new registration is kept as a
 * competing claim (registration-claims.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RegisterRequest } from '../../../contract/auth';
import type { LanguageCode } from '../../../contract/languages';
import { messages } from '../../../contract/messages';
import { roleFromCode, type RoleName } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { parentChildren, students, teachers, users } from '../../db/core-tables';
import { badRequest } from '../../errors';
import { hashPassword, verifyPassword } from '../../module-kit/passwords';
import { recordNewRegistration, reviewOf } from './registration-claims';

/** What happened, for the route to decide the mail and any claim; never part of the answer. */
export type RegistrationOutcome =
  | { kind: 'created'; userId: string; role: RoleName }
  /**
   * The address has an account here; `samePassword` when the caller gave that account's password,
   * `addressConfirmed` when its mailed code ever confirmed it, `passwordHash` the given password's
   * hash, for a competing claim (registration-claims.ts); `language` the account's (null: none chosen), for its mail.
   */
  | {
      kind: 'existing';
      userId: string;
      role: RoleName;
      status: string;
      samePassword: boolean;
      addressConfirmed: boolean;
      passwordHash: string;
      language: LanguageCode | null;
    };

interface Links {
  studentId: string | null;
  teacherId: string | null;
  childIds: string[];
}

export async function linksFor(db: Db, tenantId: string, role: RoleName, email: string): Promise<Links | undefined> {
  const none = { studentId: null, teacherId: null, childIds: [] };
  if (role === 'student') {
    const rows = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), sql`lower(${students.emailId}) = ${email}`, isNull(students.deletedAt)));
    return rows.length === 1 && rows[0] ? { ...none, studentId: rows[0].id } : undefined;
  }
  if (role === 'parent') {
    const rows = await db
      .select({ id: students.id })
      .from(students)
      .where(
        and(eq(students.tenantId, tenantId), sql`lower(${students.parentEmail}) = ${email}`, isNull(students.deletedAt)),
      );
    return rows.length > 0 ? { ...none, childIds: rows.map((row) => row.id) } : undefined;
  }
  if (role === 'teacher') {
    const rows = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), sql`lower(${teachers.emailId}) = ${email}`, isNull(teachers.deletedAt)));
    return rows.length === 1 && rows[0] ? { ...none, teacherId: rows[0].id } : undefined;
  }
  return undefined;
}

/**
 * Creates a pending, unlinked account, or finds the existing one and leaves it as it is. Every path
 * spends the same two argon2 computations: the given password is hashed (the new account's hash, or
 * a competing claim's: registration-claims.ts) and checked (against the stored hash, or a dummy
 * one), so neither the time taken nor the work left after the answer tells them apart.
 */
export async function registerAccount(db: Db, tenantId: string, request: RegisterRequest): Promise<RegistrationOutcome> {
  const role = roleFromCode(request.role.id);
  if (!role) throw badRequest(messages.register.invalidRole);
  const { username, password } = request;

  const findExisting = async () => {
    const [row] = await db
      .select({ id: users.id, role: users.role, status: users.status, passwordHash: users.passwordHash, language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
    return row;
  };
  const passwordHash = await hashPassword(password);
  const existingOutcome = async (row: NonNullable<Awaited<ReturnType<typeof findExisting>>>) => ({
    kind: 'existing' as const,
    userId: row.id,
    role: row.role,
    status: row.status,
    samePassword: await verifyPassword(row.passwordHash, password),
    addressConfirmed: (await reviewOf(db, tenantId, row.id)).addressConfirmed,
    passwordHash,
    language: row.language,
  });

  const existing = await findExisting();
  if (existing) return existingOutcome(existing);

  // The check the existing path makes, against nothing.
  await verifyPassword(undefined, password);
  const id = randomUUID();
  const inserted = await db
    .insert(users)
    .values({ id, tenantId, username, passwordHash, role, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length > 0) {
    await recordNewRegistration(db, tenantId, id);
    return { kind: 'created', userId: id, role };
  }
  // A registration of the same address won the race.
  const winner = await findExisting();
  if (!winner) throw new Error('registration: conflicting account vanished');
  return existingOutcome(winner);
}

/**
 * Links a pending account to the records that carry its (now confirmed) address and activates it;
 * without such a record it stays pending for an admin. Admin accounts never come here.
 */
export async function linkConfirmedAccount(
  db: Db,
  tenantId: string,
  account: { id: string; username: string; role: RoleName },
): Promise<'active' | 'pending'> {
  return db.transaction(async (tx) => {
    const links = await linksFor(tx, tenantId, account.role, account.username);
    if (!links) return 'pending';
    const updated = await tx
      .update(users)
      .set({ status: 'active', studentId: links.studentId, teacherId: links.teacherId })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, account.id), eq(users.status, 'pending')))
      .returning({ id: users.id });
    if (updated.length === 0) return 'pending';
    if (links.childIds.length > 0) {
      await tx
        .insert(parentChildren)
        .values(links.childIds.map((studentId) => ({ tenantId, userId: account.id, studentId })))
        .onConflictDoNothing();
    }
    return 'active';
  });
}
