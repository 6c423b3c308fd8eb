/**
 * The database work of account recovery, the same whether or not the address has an active account:
 * every step runs the same statements in the same order (an address without an account matches no
 * row) and computes the same HMACs, so neither an answer nor its time says whether an account
 * exists (docs/decisions.md, "Hardening").
 *
 * A 4-digit code falls to one guess in 10,000, so each account has a budget of wrong guesses: every
 * wrong entry against a live code counts, and once an account has `resetGuessBudget` of them since
 * its password was last set it gets no new codes and its live code is refused even when right,
 * until a password is set again (the school admin's reset on /admin/accounts, a change while signed
 * in, or the reset itself). The count is the sum of `attempts` over the account's code rows, kept in
 * the database so it holds across processes and restarts; setting a password deletes those rows.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/languages';
import { otpLength, otpMaxTries, otpResendCooldownSeconds, otpTtlSeconds } from '../../../contract/password';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/core-tables';
import { passwordResetCodes } from './tables';
import { codeHash, resetTokenHash, resetTokenTtlSeconds, sameHex } from './codes';

/**
 * Wrong guesses an account may make before codes are refused: 48 guesses at a 4-digit code succeed
 * with probability at most 48 / 10,000 = 0.48 % (docs/decisions.md has the arithmetic). Not a
 * multiple of the five tries per code, so the last code still has tries left when the budget ends.
 */
export const resetGuessBudget = 48;

/**
 * Locks the address's active account for the rest of the transaction; none for an unknown address.
 * Only a known address's transaction writes, and on PostgreSQL a writing commit waits for the WAL
 * flush (about 4 ms here) where a reading one does not: neither waits, so the commit takes the same
 * time either way. A crash may lose the last moment's codes and counted tries, nothing more.
 */
async function lockActiveAccount(tx: Db, tenantId: string, email: string) {
  await tx.execute(sql`set local synchronous_commit = off`);
  const [account] = await tx
    .select({ id: users.id, username: users.username, language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, email), eq(users.status, 'active')))
    .for('no key update');
  return account;
}

/** `language`: the account's, null when it chose none (the mail then goes in the request's). */
export type IssuedResetCode = { issued: true; code: string; username: string; language: LanguageCode | null } | { issued: false };

/**
 * A new code for the address's active account, replacing any earlier one; none for an unknown
 * address, within the resend cooldown, or once the guess budget is spent (answered alike).
 */
export async function issueResetCode(db: Db, key: Buffer, tenantId: string, email: string): Promise<IssuedResetCode> {
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
  const hash = codeHash(key, id, code);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const account = await lockActiveAccount(tx, tenantId, email);
    const userId = account?.id ?? null;
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`with budget as (
            select coalesce(sum(attempts), 0)::int as failures, max(created_at) as latest
            from password_reset_codes where tenant_id = ${tenantId} and user_id = ${userId}::uuid
          ), fresh as (
            select 1 from budget
            where ${userId}::uuid is not null and failures < ${resetGuessBudget}
              and (latest is null or latest <= ${new Date(now - otpResendCooldownSeconds * 1000).toISOString()}::timestamptz)
          ), retired as (
            update password_reset_codes set consumed_at = ${new Date(now).toISOString()}::timestamptz
            where tenant_id = ${tenantId} and user_id = ${userId}::uuid and consumed_at is null and exists (select 1 from fresh)
          )
          insert into password_reset_codes (id, tenant_id, user_id, code_hash, expires_at, created_at)
          select ${id}::uuid, ${tenantId}, ${userId}::uuid, ${hash},
            ${new Date(now + otpTtlSeconds * 1000).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz
          from fresh
          returning id`,
    );
    return account && inserted.length === 1 ? { issued: true, code, username: account.username, language: account.language } : { issued: false };
  });
}

export type VerifiedResetCode = { ok: true; resetToken: string } | { ok: false };

/**
 * Checks the entry against the account's live code: a wrong one counts one try and one guess of
 * the budget; a right one, while the code and the budget last, swaps the code for a reset token.
 */
export async function verifyResetCode(db: Db, key: Buffer, tenantId: string, email: string, code: string): Promise<VerifiedResetCode> {
  const resetToken = randomBytes(32).toString('base64url');
  const tokenHash = resetTokenHash(key, resetToken);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const account = await lockActiveAccount(tx, tenantId, email);
    const userId = account?.id ?? null;
    const [live] = await queryRows<{ id: string; codeHash: string; attempts: number; unexpired: boolean; failures: number }>(
      tx,
      sql`select c.id, c.code_hash as "codeHash", c.attempts, c.expires_at > ${new Date(now).toISOString()}::timestamptz as unexpired,
            (select coalesce(sum(f.attempts), 0)::int from password_reset_codes f
              where f.tenant_id = ${tenantId} and f.user_id = ${userId}::uuid) as failures
          from password_reset_codes c
          where c.tenant_id = ${tenantId} and c.user_id = ${userId}::uuid and c.consumed_at is null and c.verified_at is null
          order by c.created_at desc limit 1`,
    );
    const usable = live !== undefined && live.unexpired && live.attempts < otpMaxTries && live.failures < resetGuessBudget;
    const entered = codeHash(key, live?.id ?? randomUUID(), code);
    const matches = sameHex(live?.codeHash ?? '0'.repeat(entered.length), entered);
    const right = usable && matches;
    // A refused entry on an unusable code (or no account) updates no row: the id matches nothing.
    await tx.execute(
      sql`update password_reset_codes set
            attempts = attempts + case when ${right}::boolean then 0 else 1 end,
            verified_at = case when ${right}::boolean then ${new Date(now).toISOString()}::timestamptz else verified_at end,
            reset_token_hash = case when ${right}::boolean then ${tokenHash} else reset_token_hash end,
            reset_expires_at = case when ${right}::boolean
              then ${new Date(now + resetTokenTtlSeconds * 1000).toISOString()}::timestamptz else reset_expires_at end
          where id = ${usable ? live.id : randomUUID()}::uuid`,
    );
    return right ? { ok: true, resetToken } : { ok: false };
  });
}

/** The live, verified reset record of this token and the address's active account, if any. */
export async function findResetRecord(db: Db, key: Buffer, tenantId: string, email: string, token: string) {
  const [record] = await queryRows<{ id: string; userId: string; username: string }>(
    db,
    sql`select c.id, u.id as "userId", u.username
        from users u join password_reset_codes c on c.tenant_id = u.tenant_id and c.user_id = u.id
        where u.tenant_id = ${tenantId} and u.username = ${email} and u.status = 'active'
          and c.reset_token_hash = ${resetTokenHash(key, token)} and c.consumed_at is null
          and c.reset_expires_at > ${new Date().toISOString()}::timestamptz`,
  );
  return record;
}

/**
 * Uses up a reset record (false when another request used it first) and, with it, every code of the
 * account: the password is being set, so the guess budget starts again.
 */
export async function consumeResetRecord(tx: Db, tenantId: string, userId: string, recordId: string): Promise<boolean> {
  const used = await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.id, recordId)).returning({ id: passwordResetCodes.id });
  if (used.length === 0) return false;
  await clearResetCodes(tx, tenantId, userId);
  return true;
}

/** Forgets the account's codes and spent guesses; for every place that sets a password. */
export async function clearResetCodes(tx: Db, tenantId: string, userId: string): Promise<void> {
  await tx.delete(passwordResetCodes).where(and(eq(passwordResetCodes.tenantId, tenantId), eq(passwordResetCodes.userId, userId)));
}
