/** Operators as stored: created and re-keyed by the CLI (server/cli/create-operator.ts) only. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operators } from './tables';
import { hashPassword } from '../../module-kit/passwords';

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperator(db: Db, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row;
}

export async function noteSignIn(db: Db, operatorId: string): Promise<void> {
  await db.update(operators).set({ lastSignInAt: new Date() }).where(eq(operators.id, operatorId));
}

/** Creates the operator, or with `replace` sets a new password and ends the old sessions. */
export async function saveOperator(
  db: Db,
  username: string,
  password: string,
  replace: boolean,
): Promise<'created' | 'updated' | 'exists'> {
  const passwordHash = await hashPassword(password);
  const existing = await findOperator(db, username);
  if (existing) {
    if (!replace) return 'exists';
    await db
      .update(operators)
      .set({ passwordHash, tokenVersion: sql`${operators.tokenVersion} + 1` })
      .where(eq(operators.id, existing.id));
    return 'updated';
  }
  await db.insert(operators).values({ id: randomUUID(), username, passwordHash });
  return 'created';
}
