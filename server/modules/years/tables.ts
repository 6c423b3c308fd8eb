/**
 * The years module's tables (migration 0026, docs/decisions.md "The school year"): the school's
 * years (synced: every device learns the current year from it), each student's class in each
 * closed year, and the turnovers with what their undo needs.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { classes, schools, students, users } from '../../db/core-tables';

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
 * A student's class in a closed year and how the year ended for them, written by the turnover that
 * closed it. The current year's class is the student's own `class_id`.
 */
export const studentYears = pgTable(
  'student_years',
  {
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    academicYear: integer('academic_year').notNull(),
    classId: uuid('class_id'),
    outcome: text('outcome', { enum: ['promoted', 'detained', 'leaving'] }).notNull(),
    /** Unpaid dues of the year when it closed, in paise. */
    duesCarried: bigint('dues_carried', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.studentId, t.academicYear] }),
    check('student_years_outcome_check', sql`${t.outcome} in ('promoted', 'detained', 'leaving')`),
    foreignKey({ name: 'student_years_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'student_years_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    index('student_years_tenant_year_class_idx').on(t.tenantId, t.academicYear, t.classId),
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
