/**
 * One-time reset codes and reset tokens. Stored only as HMACs keyed with a key the database does not
 * hold (server/keys.ts), so a copy of the database does not reveal a live code; compared in constant
 * time. A code lives 10 minutes and burns after five wrong tries; a successful verification swaps it
 * for a reset token that sets the new password once. Account recovery runs these rules through
 * reset-codes.ts (by address, the same work for every address, and a per-account guess budget).
 */
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { otpLength, otpMaxTries, otpResendCooldownSeconds, otpTtlSeconds } from '../../../contract/password';
import type { Db } from '../../db/client';
import { passwordResetCodes } from './tables';

/** How long a verified code's reset token may be used to set the new password. */
export const resetTokenTtlSeconds = 10 * 60;

function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export const codeHash = (key: Buffer, id: string, code: string) => hmac(key, `code:${id}:${code}`);
export const resetTokenHash = (key: Buffer, token: string) => hmac(key, `reset-token:${token}`);

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export type IssueResult = { issued: true; code: string } | { issued: false };

/**
 * A new code for the user, replacing any earlier one; none while the last one is younger than the
 * resend cooldown (the caller answers the same either way). Reset codes have the spec's 4 digits;
 * registration confirms with longer ones (server/modules/auth/registration-codes.ts).
 */
export async function issueCode(
  db: Db,
  key: Buffer,
  tenantId: string,
  userId: string,
  length: number = otpLength,
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ createdAt: passwordResetCodes.createdAt })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, userId)))
      .orderBy(desc(passwordResetCodes.createdAt))
      .limit(1)
      .for('update');
    if (latest && Date.now() - latest.createdAt.getTime() < otpResendCooldownSeconds * 1000) return { issued: false };
    await tx
      .update(passwordResetCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(passwordResetCodes.tenantId, tenantId),
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.consumedAt),
        ),
      );
    const id = randomUUID();
    const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
    await tx.insert(passwordResetCodes).values({
      id,
      tenantId,
      userId,
      codeHash: codeHash(key, id, code),
      expiresAt: new Date(Date.now() + otpTtlSeconds * 1000),
    });
    return { issued: true, code };
  });
}

export type VerifyResult = { ok: true; resetToken: string } | { ok: false };

/** Checks the user's live code; a wrong entry counts one try. */
export async function verifyCode(
  db: Db,
  key: Buffer,
  tenantId: string,
  userId: string,
  code: string,
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.tenantId, tenantId),
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.consumedAt),
          isNull(passwordResetCodes.verifiedAt),
        ),
      )
      .orderBy(desc(passwordResetCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= otpMaxTries) return { ok: false };
    if (!sameHex(row.codeHash, codeHash(key, row.id, code))) {
      await tx
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(eq(passwordResetCodes.id, row.id));
      return { ok: false };
    }
    const resetToken = randomBytes(32).toString('base64url');
    await tx
      .update(passwordResetCodes)
      .set({
        verifiedAt: new Date(),
        resetTokenHash: resetTokenHash(key, resetToken),
        resetExpiresAt: new Date(Date.now() + resetTokenTtlSeconds * 1000),
      })
      .where(eq(passwordResetCodes.id, row.id));
    return { ok: true, resetToken };
  });
}
