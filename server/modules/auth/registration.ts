/**
 * Self-registration. Nobody gains access to a school's data by registering: an account is active at
 * once only when the school already holds its e-mail on the matching record (a student's own
 * e-mail, the parents' e-mail on their children's records, a teacher's e-mail); every other
 * registration, and every admin registration, waits for an admin of that school.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RegisterRequest } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { roleFromCode, type RoleName } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { parentChildren, students, teachers, users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { hashPassword } from './passwords';

export interface RegistrationResult {
  status: 'active' | 'pending';
  role: RoleName;
}

interface Links {
  studentId: string | null;
  teacherId: string | null;
  childIds: string[];
}

async function linksFor(db: Db, tenantId: string, role: RoleName, email: string): Promise<Links | undefined> {
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

export async function registerAccount(db: Db, tenantId: string, request: RegisterRequest): Promise<RegistrationResult> {
  const role = roleFromCode(request.role.id);
  if (!role) throw badRequest(messages.register.invalidRole);
  const username = request.username;
  const passwordHash = await hashPassword(request.password);

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
    if (existing) throw conflict(messages.register.alreadyRegistered);

    const links = await linksFor(tx, tenantId, role, username);
    const status = links ? 'active' : 'pending';
    const id = randomUUID();
    const inserted = await tx
      .insert(users)
      .values({
        id,
        tenantId,
        username,
        passwordHash,
        role,
        status,
        studentId: links?.studentId ?? null,
        teacherId: links?.teacherId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) throw conflict(messages.register.alreadyRegistered);
    if (links && links.childIds.length > 0) {
      await tx
        .insert(parentChildren)
        .values(links.childIds.map((studentId) => ({ tenantId, userId: id, studentId })));
    }
    return { status, role };
  });
}
