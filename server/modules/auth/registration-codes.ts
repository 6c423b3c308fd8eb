/**
 * Registration codes. An account's own code rides on the reset codes' store and helpers
 * (password/codes.ts: HMAC-hashed, 10 minutes, five tries, resend cooldown), with six digits and
 * at most a few codes per registration; only pending accounts get them, and recovery serves only
 * active ones, so the two never meet; a confirmed code is consumed at once. A competing claim's code
 * (registration-claims.ts) lives on its claim with the same rules.
 *
 * Confirming reads the code first: the code entered picks the registration it was mailed for (the
 * account's own or a claim's), then the password is checked against that registration's only, so a
 * confirmation costs one argon2 check however many registrations compete, as does one for an
 * address with no account (a dummy check); the answer and its time say nothing about the address.
 * A code that matches none counts a try against every live code of the account; a matching code
 * with another password counts a try against that code.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { otpMaxTries, otpResendCooldownSeconds, otpTtlSeconds } from '../../../contract/password';
import { registrationCodeLength, registrationCodesPerAccount } from '../../../contract/registration-rules';
import type { RoleName } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/core-tables';
import { verifyPassword } from '../../module-kit/passwords';
import { passwordResetCodes } from '../password/tables';
import { codeHash, issueCode, sameHex, type IssueResult } from '../password/codes';
import { applyClaim, claimableStatuses, dropClaims, markAddressConfirmed, reviewOf } from './registration-claims';
import { registrationClaims } from './tables';

/** A new code unless the registration already had its share, or the last one is too recent. */
export async function issueRegistrationCode(db: Db, key: Buffer, tenantId: string, userId: string): Promise<IssueResult> {
  const [issued] = await db
    .select({ codes: count() })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, userId)));
  if ((issued?.codes ?? 0) >= registrationCodesPerAccount) return { issued: false };
  return issueCode(db, key, tenantId, userId, registrationCodeLength);
}

const claimCodeHash = (key: Buffer, claimId: string, code: string) => codeHash(key, `claim:${claimId}`, code);

/** A claim's new code, on the same terms as an account's own (cooldown, codes per registration). */
export async function issueClaimCode(db: Db, key: Buffer, claimId: string): Promise<IssueResult> {
  const code = String(randomInt(0, 10 ** registrationCodeLength)).padStart(registrationCodeLength, '0');
  const issued = await db
    .update(registrationClaims)
    .set({
      codeHash: claimCodeHash(key, claimId, code),
      codeExpiresAt: sql`now() + make_interval(secs => ${otpTtlSeconds})`,
      codeAttempts: 0,
      codesSent: sql`${registrationClaims.codesSent} + 1`,
      codeSentAt: sql`now()`,
    })
    .where(
      and(
        eq(registrationClaims.id, claimId),
        lt(registrationClaims.codesSent, registrationCodesPerAccount),
        or(isNull(registrationClaims.codeSentAt), sql`${registrationClaims.codeSentAt} <= now() - make_interval(secs => ${otpResendCooldownSeconds})`),
      ),
    )
    .returning({ id: registrationClaims.id });
  return issued.length > 0 ? { issued: true, code } : { issued: false };
}

interface LiveCode {
  /** The code row's id (password_reset_codes for the account's own, registration_claims for a claim's). */
  id: string;
  claim: boolean;
  codeHash: string;
  passwordHash: string;
  role: RoleName;
}

interface Account {
  id: string;
  username: string;
  role: RoleName;
  status: string;
  passwordHash: string;
}

/**
 * The account's live codes: its own (while pending, never an admin's) and its claims' (while
 * claimable, never confirmed). The same statements run for every account and for none at all
 * (`account` undefined reads a random id), so their time says nothing about the address.
 */
async function liveCodes(db: Db, tenantId: string, account: Account | undefined): Promise<LiveCode[]> {
  const userId = account?.id ?? randomUUID();
  const [own] = await db
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
    .limit(1);
  const confirmed = (await reviewOf(db, tenantId, userId)).addressConfirmed;
  const claims = await db
    .select()
    .from(registrationClaims)
    .where(
      and(
        eq(registrationClaims.tenantId, tenantId),
        eq(registrationClaims.userId, userId),
        gt(registrationClaims.codeExpiresAt, sql`now()`),
        lt(registrationClaims.codeAttempts, otpMaxTries),
      ),
    );
  if (!account) return [];
  const codes: LiveCode[] = [];
  if (account.status === 'pending' && account.role !== 'admin' && own && own.expiresAt.getTime() > Date.now() && own.attempts < otpMaxTries) {
    codes.push({ id: own.id, claim: false, codeHash: own.codeHash, passwordHash: account.passwordHash, role: account.role });
  }
  if ((claimableStatuses as readonly string[]).includes(account.status) && !confirmed) {
    for (const claim of claims) {
      if (claim.codeHash && claim.role !== 'admin') codes.push({ id: claim.id, claim: true, codeHash: claim.codeHash, passwordHash: claim.passwordHash, role: claim.role });
    }
  }
  return codes;
}

/** One try more on each code; both statements run even with nothing to count (a random id). */
async function countTries(db: Db, codes: readonly LiveCode[]): Promise<void> {
  const orNone = (ids: string[]) => (ids.length > 0 ? ids : [randomUUID()]);
  const own = orNone(codes.filter((code) => !code.claim).map((code) => code.id));
  const claims = orNone(codes.filter((code) => code.claim).map((code) => code.id));
  await db.update(passwordResetCodes).set({ attempts: sql`${passwordResetCodes.attempts} + 1` }).where(inArray(passwordResetCodes.id, own));
  await db.update(registrationClaims).set({ codeAttempts: sql`${registrationClaims.codeAttempts} + 1` }).where(inArray(registrationClaims.id, claims));
}

export type ConfirmedAccount = { id: string; username: string; role: RoleName };

/**
 * Confirms the registration the code was mailed for, when the password is that registration's: the
 * account's own (its address is now confirmed) or a claim's (which replaces the account's password
 * and role first). Every other claim goes. Undefined for anything else, after counting the try.
 */
export async function confirmRegistration(
  db: Db,
  key: Buffer,
  tenantId: string,
  username: string,
  password: string,
  code: string,
): Promise<ConfirmedAccount | undefined> {
  const [account] = await db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  const codes = await liveCodes(db, tenantId, account);
  let match: LiveCode | undefined;
  for (const live of codes) {
    const expected = live.claim ? claimCodeHash(key, live.id, code) : codeHash(key, live.id, code);
    if (sameHex(live.codeHash, expected) && !match) match = live;
  }
  // One argon2 check whatever matched (a dummy one when nothing did).
  const passwordOk = await verifyPassword(match?.passwordHash, password);
  if (!account || !match || !passwordOk) {
    await countTries(db, match ? [match] : codes);
    return undefined;
  }
  const confirmed = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: users.status, role: users.role })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, account.id)))
      .for('update');
    if (!locked) return undefined;
    // Still the same live code, now that the account is held (a parallel confirmation may have won).
    const stillLive = (await liveCodes(tx, tenantId, { ...account, status: locked.status, role: locked.role })).some((live) => live.id === match.id);
    if (!stillLive) return undefined;
    if (match.claim) await applyClaim(tx, tenantId, account.id, { id: match.id, role: match.role, passwordHash: match.passwordHash }, locked.role);
    else await dropClaims(tx, tenantId, account.id);
    if (!match.claim) await tx.update(passwordResetCodes).set({ verifiedAt: new Date() }).where(eq(passwordResetCodes.id, match.id));
    await tx
      .update(passwordResetCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, account.id), isNull(passwordResetCodes.consumedAt)));
    await markAddressConfirmed(tx, tenantId, account.id);
    return { id: account.id, username: account.username, role: match.role };
  });
  return confirmed;
}
