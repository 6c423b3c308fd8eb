/**
 * The years module's own table (migration 0026, docs/decisions.md "The school year"): the
 * turnovers with what their undo needs. The school's years and each student's class in each closed
 * year are core records (server/db/core-tables.ts `schoolYears`, `studentYears`): the sync scope
 * reads them.
 */
import { bigint, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools, users } from '../../db/core-tables';

/**
 * One turnover into `to_year`, kept while it can be undone: what it changed (`undo`), the last
 * rev it wrote (a row of the school with a later rev means something was written since).
 */
export const yearRollovers = pgTable(
  'year_rollovers',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    toYear: integer('to_year').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    committedBy: uuid('committed_by').notNull(),
    lastRev: bigint('last_rev', { mode: 'number' }).notNull(),
    undo: jsonb('undo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.toYear] }),
    foreignKey({ name: 'year_rollovers_user_fk', columns: [t.tenantId, t.committedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
