/**
 * Registration's own tables (migration 0021): who claimed a pending account's address
 * (registration-claims.ts, docs/decisions.md "Registration claims").
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/core-tables';

/** One row per account made by registration: how many registrations named its address, and when its code confirmed it. */
export const accountRegistrations = pgTable(
  'account_registrations',
  {
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    registrations: integer('registrations').notNull().default(1),
    addressConfirmedAt: timestamp('address_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'account_registrations_pkey', columns: [t.tenantId, t.userId] }),
    foreignKey({ name: 'account_registrations_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('account_registrations_count_check', sql`${t.registrations} >= 1`),
  ],
);

/**
 * A registration of an address whose account was never confirmed, by someone else's password (or
 * role): kept with its own password and code, until its code replaces the account's or the account
 * is approved, confirmed or decided otherwise.
 */
export const registrationClaims = pgTable(
  'registration_claims',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['admin', 'teacher', 'student', 'parent'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codesSent: integer('codes_sent').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'registration_claims_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('registration_claims_role_check', sql`${t.role} IN ('admin', 'teacher', 'student', 'parent')`),
    index('registration_claims_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
