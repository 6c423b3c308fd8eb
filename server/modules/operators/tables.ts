/** The operators module's table (migration 0002). */
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** People who run the Kaksha service (docs/operators.md); created only by `npm run operator:create`. */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull().unique('operators_username_key'),
  passwordHash: text('password_hash').notNull(),
  /** Bumped to end every operator session (password reset through the CLI). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});
