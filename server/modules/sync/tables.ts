/** The sync module's table (migration 0003): what the tombstone purge tells the pull. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { xid8 } from '../../db/columns';
import { schools } from '../../db/core-tables';

/**
 * Per school, the newest transaction whose tombstones were purged: a pull cursor at or before it
 * may have missed a delete, so that client starts over.
 */
export const syncHorizons = pgTable('sync_horizons', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => schools.tenantId),
  purgedThrough: xid8('purged_through').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
