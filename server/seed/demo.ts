/**
 * The demo seed: two schools (greenvalley, riverside) of realistic size with the four demo accounts
 * each, written into an empty database in one transaction. Deterministic: the rows, ids included,
 * are the same on every run (see generate.ts); only the password hashes differ (argon2 salts).
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classSubjects, classes, parentChildren, schools, students, subjects, teachers, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { demoPassword } from './accounts';
import { generateSchoolSeed, type SchoolSeed } from './generate';
import { demoSchoolDefinitions } from './schools';

export { demoAccounts, demoPassword } from './accounts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters, few round trips on PGlite. */
const batchSize = 250;

function batches<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += batchSize) result.push(rows.slice(i, i + batchSize));
  return result;
}

/** The rows of both demo schools, without touching a database (tests and tools read them). */
export function demoSchoolSeeds(): SchoolSeed[] {
  return demoSchoolDefinitions.map(generateSchoolSeed);
}

async function hasSchools(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(schools);
  return (row?.value ?? 0) > 0;
}

/**
 * Seeds the demo schools when the `schools` table is empty; returns whether it did.
 * All or nothing: a failure (or a concurrent seeder) leaves the database as it was.
 */
export async function seedDemoSchools(db: Db): Promise<boolean> {
  if (await hasSchools(db)) return false;
  // One argon2id hash per account (each with its own salt), computed before the transaction opens.
  const seeds = await Promise.all(
    demoSchoolSeeds().map(async (seed) => ({
      ...seed,
      accounts: await Promise.all(
        seed.accounts.map(async (account) => ({ ...account, passwordHash: await hashPassword(demoPassword) })),
      ),
    })),
  );

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ tenantId: schools.tenantId }).from(schools).limit(1);
    if (existing) return false;
    for (const seed of seeds) {
      const tenantId = seed.school.tenantId;
      await tx.insert(schools).values(seed.school);
      // Teachers before classes: a class names its class teacher.
      for (const batch of batches(seed.teachers)) await tx.insert(teachers).values(batch);
      await tx.insert(classes).values(seed.classes);
      for (const batch of batches(seed.students)) await tx.insert(students).values(batch);
      await tx.insert(subjects).values(seed.subjects);
      await tx.insert(classSubjects).values(seed.classSubjects);
      await tx.insert(users).values(
        seed.accounts.map((account) => ({
          id: account.id,
          tenantId,
          username: account.username,
          passwordHash: account.passwordHash,
          role: account.role,
          status: 'active' as const,
          studentId: account.studentId,
          teacherId: account.teacherId,
        })),
      );
      const links = seed.accounts.flatMap((account) =>
        account.childIds.map((studentId) => ({ tenantId, userId: account.id, studentId })),
      );
      if (links.length > 0) await tx.insert(parentChildren).values(links);
    }
    return true;
  });
}
