/**
 * Registration codes ride on the reset codes' store and helpers (password/codes.ts: HMAC-hashed, 10
 * minutes, five tries, resend cooldown), with six digits and at most a few codes per registration.
 * Only pending accounts get them, and recovery serves only active ones, so the two never meet; a
 * confirmed code is consumed at once, so the reset token verifyCode mints for it is never usable.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { registrationCodeLength, registrationCodesPerAccount } from '../../../contract/registration-rules';
import type { Db } from '../../db/client';
import { passwordResetCodes } from '../../db/schema';
import { issueCode, verifyCode, type IssueResult } from '../password/codes';

/** A new code unless the registration already had its share, or the last one is too recent. */
export async function issueRegistrationCode(db: Db, key: Buffer, tenantId: string, userId: string): Promise<IssueResult> {
  const [issued] = await db
    .select({ codes: count() })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, userId)));
  if ((issued?.codes ?? 0) >= registrationCodesPerAccount) return { issued: false };
  return issueCode(db, key, tenantId, userId, registrationCodeLength);
}

/** Checks the registration's live code (a wrong one counts a try) and consumes it when right. */
export async function confirmRegistrationCode(
  db: Db,
  key: Buffer,
  tenantId: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const result = await verifyCode(db, key, tenantId, userId, code);
  if (!result.ok) return false;
  await db
    .update(passwordResetCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.consumedAt)),
    );
  return true;
}
