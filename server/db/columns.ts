/**
 * Column kinds shared by every table (server/db/core-tables.ts, server/db/service-tables.ts and the
 * modules' own server/modules/<name>/tables.ts): the sync columns every synced table carries with
 * their sequence, and raw bytes.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, pgSequence, timestamp } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id (never wraps). sync/pull orders changes by the id of the
 * transaction that wrote them and hands out only those below the oldest still running
 * (docs/sync-server.md); values travel as decimal strings.
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** The one sequence every synced row's `rev` comes from (the rev trigger sets it: migrations 0001, 0004). */
export const revSequence = pgSequence('kaksha_rev_seq', { startWith: 1 });

export const revColumns = {
  rev: bigint('rev', { mode: 'number' })
    .notNull()
    .default(sql`nextval('kaksha_rev_seq')`),
  /** The writing transaction (pg_current_xact_id()), set by the same trigger as `rev`. */
  txid: xid8('txid')
    .notNull()
    .default(sql`pg_current_xact_id()`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

/**
 * Tables whose rows sync/pull sends again when a joined row changes (a mapping's teacher renamed,
 * an admission's student edited: migration 0007) take a new `rev` without a change of their own.
 * `content_rev` is the rev of the row's last change of its own (migration 0008 keeps it), so an
 * update based on a copy at least that new is not taken for a conflict.
 */
export const contentRevColumn = {
  contentRev: bigint('content_rev', { mode: 'number' }).notNull().default(0),
};

/** Raw bytes (files kept in the database, so every server process serves them). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
