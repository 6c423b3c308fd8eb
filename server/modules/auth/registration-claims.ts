/**
 * Registration claims (docs/decisions.md "Registration claims"). Anyone can register an address
 * the school has not given an account yet, and the registration's password is theirs; only the
 * code mailed to the address proves whose address it is. So, per account made by registration,
 * the school keeps whether its address was confirmed by that code and how many registrations
 * claimed it (account_registrations), and a registration of an address whose account was never
 * confirmed, with another password or role, is kept beside it as a claim (registration_claims)
 * with its own code: the first code confirmed wins, and a confirmed claim replaces the account's
 * password and role (the earlier registrant's password is gone). The admin sees both facts on
 * /admin/accounts, and approving an unconfirmed account takes a second, deliberate step.
 *
 * Public to the accounts module (eslint.config.js modulePublicFiles): the list columns, the
 * review of one account, and dropping the claims once an account is approved.
 */
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { parentChildren, users } from '../../db/core-tables';
import { verifyPassword } from '../../module-kit/passwords';
import { accountRegistrations, registrationClaims } from './tables';

/**
 * Claims kept per account, newest first: a flood of registrations of one address drops the oldest,
 * so the address owner's own (newest) registration is always kept and can be confirmed.
 */
export const claimsKeptPerAccount = 5;

/** Statuses whose account can still be claimed, while its address was never confirmed. */
export const claimableStatuses = ['pending', 'rejected'] as const;

// Written against "users" by name, like the account list's other columns (accounts/manage.ts).
/** For account lists: whether the account's address was confirmed with its mailed code. */
export const addressConfirmedColumn = sql<boolean>`exists (
  select 1 from account_registrations r
  where r.tenant_id = users.tenant_id and r.user_id = users.id and r.address_confirmed_at is not null)`;
/** For account lists: how many registrations named the account's address (0: not made by registration). */
export const registrationsColumn = sql<number>`coalesce((
  select r.registrations from account_registrations r
  where r.tenant_id = users.tenant_id and r.user_id = users.id), 0)::int`;

export interface RegistrationReview {
  addressConfirmed: boolean;
  registrations: number;
}

export async function reviewOf(db: Db, tenantId: string, userId: string): Promise<RegistrationReview> {
  const [row] = await db
    .select({ registrations: accountRegistrations.registrations, confirmedAt: accountRegistrations.addressConfirmedAt })
    .from(accountRegistrations)
    .where(and(eq(accountRegistrations.tenantId, tenantId), eq(accountRegistrations.userId, userId)));
  return { addressConfirmed: Boolean(row?.confirmedAt), registrations: row?.registrations ?? 0 };
}

/** An account a registration has just made. */
export async function recordNewRegistration(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.insert(accountRegistrations).values({ tenantId, userId, registrations: 1 }).onConflictDoNothing();
}

/** One more registration named the account's address (an account without a row counts as one). */
export async function countRegistration(db: Db, tenantId: string, userId: string): Promise<void> {
  await db
    .insert(accountRegistrations)
    .values({ tenantId, userId, registrations: 2 })
    .onConflictDoUpdate({
      target: [accountRegistrations.tenantId, accountRegistrations.userId],
      set: { registrations: sql`${accountRegistrations.registrations} + 1` },
    });
}

/** The address was proven by its mailed code. */
export async function markAddressConfirmed(db: Db, tenantId: string, userId: string): Promise<void> {
  await db
    .insert(accountRegistrations)
    .values({ tenantId, userId, registrations: 1, addressConfirmedAt: new Date() })
    .onConflictDoUpdate({ target: [accountRegistrations.tenantId, accountRegistrations.userId], set: { addressConfirmedAt: new Date() } });
}

/** The account is settled (approved, or confirmed by code): competing claims go, with their codes. */
export async function dropClaims(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.delete(registrationClaims).where(and(eq(registrationClaims.tenantId, tenantId), eq(registrationClaims.userId, userId)));
}

/**
 * Keeps a registration competing with the account's (its password already hashed) and counts it;
 * the claim's id, or undefined when the account can no longer be claimed (confirmed or settled
 * meanwhile).
 */
export async function recordClaim(
  db: Db,
  tenantId: string,
  userId: string,
  role: RoleName,
  passwordHash: string,
  id: string,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
      .for('update');
    const review = await reviewOf(tx, tenantId, userId);
    if (!account || !(claimableStatuses as readonly string[]).includes(account.status) || review.addressConfirmed) return undefined;
    await tx.insert(registrationClaims).values({ id, tenantId, userId, role, passwordHash });
    await countRegistration(tx, tenantId, userId);
    const kept = tx
      .select({ id: registrationClaims.id })
      .from(registrationClaims)
      .where(and(eq(registrationClaims.tenantId, tenantId), eq(registrationClaims.userId, userId)))
      .orderBy(desc(registrationClaims.createdAt), desc(registrationClaims.id))
      .limit(claimsKeptPerAccount);
    await tx
      .delete(registrationClaims)
      .where(and(eq(registrationClaims.tenantId, tenantId), eq(registrationClaims.userId, userId), notInArray(registrationClaims.id, kept)));
    return id;
  });
}

export interface Claim {
  id: string;
  role: RoleName;
  passwordHash: string;
}

/**
 * The account's claim made with this password (oldest first), or undefined. One argon2 check per
 * claim kept, so only work done after an answer calls it (a resend), never the answer itself.
 */
export async function claimByPassword(db: Db, tenantId: string, userId: string, password: string): Promise<Claim | undefined> {
  const claims = await db
    .select({ id: registrationClaims.id, role: registrationClaims.role, passwordHash: registrationClaims.passwordHash })
    .from(registrationClaims)
    .where(and(eq(registrationClaims.tenantId, tenantId), eq(registrationClaims.userId, userId)))
    .orderBy(asc(registrationClaims.createdAt));
  for (const claim of claims) if (await verifyPassword(claim.passwordHash, password)) return claim;
  return undefined;
}

/**
 * Replaces an unconfirmed account's password and role by the confirmed claim's, in a transaction
 * the caller holds with the account locked. A changed role drops the links of the old one (the
 * confirmation links the new one); every other claim goes.
 */
export async function applyClaim(tx: Db, tenantId: string, userId: string, claim: Claim, previousRole: RoleName): Promise<void> {
  const roleChanged = claim.role !== previousRole;
  await tx
    .update(users)
    .set({
      passwordHash: claim.passwordHash,
      role: claim.role,
      status: 'pending',
      tokenVersion: sql`${users.tokenVersion} + 1`,
      ...(roleChanged ? { studentId: null, teacherId: null } : {}),
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), inArray(users.status, [...claimableStatuses])));
  if (roleChanged) {
    await tx
      .update(parentChildren)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(parentChildren.tenantId, tenantId), eq(parentChildren.userId, userId), isNull(parentChildren.deletedAt)));
  }
  await dropClaims(tx, tenantId, userId);
}
