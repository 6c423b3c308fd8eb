/**
 * The attachment store's one table (migration 0023): the bytes of attached files where every
 * server process reads them, the database, on PostgreSQL (docs/decisions.md "Attachment bytes").
 * On embedded PGlite the bytes live under DATA_DIR instead, and a row here is one still to move
 * there (an upgrade, or the demo seed): file-store.ts moves it at start and reads it until then.
 */
import { primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';
import { schools } from '../db/core-tables';

/** One school's file content, once per SHA-256 however many attachments name it. */
export const attachmentBlobs = pgTable(
  'attachment_blobs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    /** Lower-case hex SHA-256 of `data`: the attachment rows name their bytes by it. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'attachment_blobs_pkey', columns: [t.tenantId, t.sha256] })],
);
