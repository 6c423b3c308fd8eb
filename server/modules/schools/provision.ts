/**
 * Provisioning a real school: the tenant registry entry and its first admin, active at once (a
 * self-registered admin waits for approval, so somebody has to be first). Used by the
 * `npm run school:create` command; all or nothing, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema } from '../../../contract/auth';
import { passwordProblems } from '../../../contract/password';
import { defaultTenantId, tenantIdSchema } from '../../../contract/school';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { schools, teachers, users } from '../../db/core-tables';
import { AppError, badRequest, conflict } from '../../errors';
import { hashPassword } from '../../module-kit/passwords';

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined);

export const createSchoolInputSchema = z.object({
  tenantId: tenantIdSchema.refine((id) => id !== defaultTenantId, `"${defaultTenantId}" is reserved`),
  schoolName: z.string().trim().min(2).max(200),
  schoolId: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]*$/, 'letters, digits, "-", "_" and "/" only'),
  adminEmail: emailSchema,
  adminPassword: z.string(),
  /** The admin's name; when given, a staff record with the admin's e-mail is created and linked. */
  adminName: optionalText(120),
  address: optionalText(300),
  phoneNumber: optionalText(40),
  email: optionalText(254).pipe(z.email().optional()),
});
export type CreateSchoolInput = z.input<typeof createSchoolInputSchema>;

export interface CreatedSchool {
  tenantId: string;
  schoolName: string;
  schoolId: string;
  admin: { id: string; username: string; staffId: string | null };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n');
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.split(/\s+/);
  const lastName = parts.length > 1 ? (parts.pop() ?? '') : '';
  return { firstName: parts.join(' '), lastName };
}

const taken = {
  tenant: (tenantId: string) => conflict(`A school with tenant id "${tenantId}" already exists.`),
  schoolId: (schoolId: string) => conflict(`A school with school id "${schoolId}" already exists.`),
};

/** Creates the school and its first active admin; throws AppError (400 invalid, 409 taken). */
export async function createSchool(db: Db, raw: CreateSchoolInput): Promise<CreatedSchool> {
  const parsed = createSchoolInputSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  const input = parsed.data;
  const problems = passwordProblems(input.adminPassword, { email: input.adminEmail });
  if (problems.length > 0) throw badRequest(problems.join('\n'));

  const passwordHash = await hashPassword(input.adminPassword);
  const adminId = randomUUID();
  const staffId = input.adminName ? randomUUID() : null;
  try {
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({ tenantId: schools.tenantId })
        .from(schools)
        .where(
          or(eq(schools.tenantId, input.tenantId), sql`lower(${schools.schoolId}) = lower(${input.schoolId})`),
        );
      if (existing.some((row) => row.tenantId === input.tenantId)) throw taken.tenant(input.tenantId);
      if (existing.length > 0) throw taken.schoolId(input.schoolId);

      await tx.insert(schools).values({
        tenantId: input.tenantId,
        schoolName: input.schoolName,
        schoolId: input.schoolId,
        address: input.address ?? null,
        phoneNumber: input.phoneNumber ?? null,
        email: input.email ?? null,
      });
      if (staffId && input.adminName) {
        await tx
          .insert(teachers)
          .values({ id: staffId, tenantId: input.tenantId, emailId: input.adminEmail, ...splitName(input.adminName) });
      }
      await tx.insert(users).values({
        id: adminId,
        tenantId: input.tenantId,
        username: input.adminEmail,
        passwordHash,
        role: 'admin',
        status: 'active',
        teacherId: staffId,
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A concurrent provisioning of the same school gets here instead of the check above.
    const constraint = uniqueViolation(error);
    if (constraint === 'schools_pkey') throw taken.tenant(input.tenantId);
    if (constraint === 'schools_school_id_key') throw taken.schoolId(input.schoolId);
    throw error;
  }
  return {
    tenantId: input.tenantId,
    schoolName: input.schoolName,
    schoolId: input.schoolId,
    admin: { id: adminId, username: input.adminEmail, staffId },
  };
}
