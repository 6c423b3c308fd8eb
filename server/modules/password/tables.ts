/** The password module's table (migration 0002); registration's e-mail codes use it too (auth/registration-codes.ts). */
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/core-tables';

/**
 * One-time password reset codes. Server-private (never synced): the code and the reset token are
 * stored only as keyed hashes; a code expires after 10 minutes and burns after five wrong tries.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'password_reset_codes_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index('password_reset_codes_user_idx').on(t.tenantId, t.userId, t.createdAt),
    uniqueIndex('password_reset_codes_token_key').on(t.resetTokenHash),
  ],
);
