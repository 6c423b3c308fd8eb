/** The admissions module's tables (migration 0005): the register and its gapless numbers. */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { contentRevColumn, revColumns } from '../../db/columns';
import { schools, classes, students } from '../../db/core-tables';

/**
 * The last admission number handed out per school and academic year. The row is locked by the
 * upsert that takes the next number, inside the admission's own transaction: a rollback returns the
 * number, so the register has no gaps and no duplicates (docs/records-server.md).
 */
export const admissionCounters = pgTable(
  'admission_counters',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    admissionYear: integer('admission_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.admissionYear] })],
);

/** The admission register: one entry per admission; never deleted (cancelling keeps the number). */
export const admissions = pgTable(
  'admissions',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    /** "2025-0042": academic year and number within it, as printed. */
    admissionNumber: text('admission_number').notNull(),
    admissionYear: integer('admission_year').notNull(),
    admissionSeq: integer('admission_seq').notNull(),
    admissionDate: date('admission_date', { mode: 'string' }).notNull(),
    studentId: uuid('student_id').notNull(),
    /** The class admitted to. */
    classId: uuid('class_id'),
    previousSchool: text('previous_school'),
    remarks: text('remarks'),
    status: text('status', { enum: ['admitted', 'withdrawn', 'cancelled'] })
      .notNull()
      .default('admitted'),
    withdrawnOn: date('withdrawn_on', { mode: 'string' }),
    withdrawalReason: text('withdrawal_reason'),
    ...revColumns,
    ...contentRevColumn,
  },
  (t) => [
    unique('admissions_tenant_id_key').on(t.tenantId, t.id),
    unique('admissions_number_key').on(t.tenantId, t.admissionYear, t.admissionSeq),
    unique('admissions_admission_number_key').on(t.tenantId, t.admissionNumber),
    foreignKey({
      name: 'admissions_student_fk',
      columns: [t.tenantId, t.studentId],
      foreignColumns: [students.tenantId, students.id],
    }),
    foreignKey({
      name: 'admissions_class_fk',
      columns: [t.tenantId, t.classId],
      foreignColumns: [classes.tenantId, classes.id],
    }),
    check('admissions_status_check', sql`${t.status} in ('admitted', 'withdrawn', 'cancelled')`),
    check('admissions_seq_check', sql`${t.admissionSeq} > 0`),
    index('admissions_tenant_student_idx').on(t.tenantId, t.studentId),
    index('admissions_tenant_rev_idx').on(t.tenantId, t.rev),
    index('admissions_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
