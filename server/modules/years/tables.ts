/**
 * The years module's tables (migration 0026, docs/decisions.md "The school year"): the school's
 * years (synced: every device learns the current year from it) and the turnovers with what their
 * undo needs. Each student's class in each closed year is a core record (server/db/core-tables.ts
 * `studentYears`): the family's sync scope reads it.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { schools, users } from '../../db/core-tables';

/**
 * A school's years. A school that never turned a year over has no row: its current year is the
 * year of today's date. A turnover closes the current year and opens the next.
 */
export const schoolYears = pgTable(
  'school_years',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    academicYear: integer('academic_year').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    ...revColumns,
  },
  (t) => [
    check('school_years_status_check', sql`${t.status} in ('open', 'closed')`),
    unique('school_years_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('school_years_tenant_year_key').on(t.tenantId, t.academicYear).where(sql`${t.deletedAt} is null`),
    index('school_years_tenant_rev_idx').on(t.tenantId, t.rev),
    index('school_years_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

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
