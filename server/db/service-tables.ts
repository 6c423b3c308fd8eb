/**
 * The server's own bookkeeping, kept by the plugins and the module kit below every module: stale
 * versions a device sent (record history), the stored answers of idempotent writes, rate-limit windows.
 */
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools, users } from './core-tables';

/**
 * Versions the server did not apply (a write based on an older `rev` than the server's copy, or an
 * edit of a deleted record): nothing a device sends is silently lost (docs/sync.md "Conflicts").
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The device's version, as sent. */
    payload: jsonb('payload').notNull(),
    authorUserId: uuid('author_user_id').notNull(),
    reason: text('reason', { enum: ['changed', 'deleted'] }).notNull(),
    /** The rev of the server's copy that was kept (0 when the record is gone). */
    keptRev: bigint('kept_rev', { mode: 'number' }).notNull(),
    /** Hash of the payload: the same stale change sent again adds no second entry. */
    payloadHash: text('payload_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'record_history_author_fk',
      columns: [t.tenantId, t.authorUserId],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('record_history_dedupe_key').on(
      t.tenantId,
      t.entity,
      t.recordId,
      t.authorUserId,
      t.keptRev,
      t.payloadHash,
    ),
    index('record_history_record_idx').on(t.tenantId, t.entity, t.recordId, t.createdAt),
  ],
);

/**
 * Stored outcomes of writes sent with an Idempotency-Key, per tenant and user. A row is written in
 * the same transaction as the write it describes, so it exists exactly when the write committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: uuid('key').notNull(),
    /** sha256 of method, path and canonical body: the same key with another request is a 422. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    /** The answer's envelope as JSON text: the bytes the first answer sent, sent again on a replay. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({
      name: 'idempotency_keys_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Fixed-window rate-limit counters shared by every process (server/plugins/rate-limit.ts): one row
 * per limiter and key (`sign-in:user <sha-256 of tenant:username>`), counted with one UPSERT. Expired rows
 * are swept now and then; they are never read once `reset_at` has passed.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

/**
 * How many rows of a school's long lists (students, admissions, homework, class subjects, fee
 * receipts) are live, as deltas: statement triggers add one row per school and statement (migration
 * 0033), never updating a shared row, so writers never wait on each other; `live-counts.ts` folds
 * them together now and then. The sum of a school's rows for a table is its exact live count, read in
 * the same snapshot as the page it totals (docs/decisions.md "Lists as cheap as the classes page").
 */
export const liveRowCounts = pgTable(
  'live_row_counts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id').notNull(),
    tableName: text('table_name').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  // The delta in the index: a count is an index-only scan of a few entries.
  (t) => [index('live_row_counts_key_idx').on(t.tenantId, t.tableName, t.delta)],
);
