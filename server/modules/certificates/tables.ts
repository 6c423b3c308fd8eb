/** The certificates module's tables (migration 0005): the issue register and its gapless serials. */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { schools, students, users } from '../../db/core-tables';

/** The last serial number issued per school and certificate kind (locked like admission_counters). */
export const certificateCounters = pgTable(
  'certificate_counters',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    kind: text('kind', { enum: ['bonafide', 'transfer', 'studentDetails'] }).notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/**
 * The certificate issue register: bonafide and transfer certificates and student details sheets,
 * with a gapless serial per kind, the issue date and what was printed (`print`, frozen at issue).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    kind: text('kind', { enum: ['bonafide', 'transfer', 'studentDetails'] }).notNull(),
    serialNumber: integer('serial_number').notNull(),
    serial: text('serial').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    studentId: uuid('student_id').notNull(),
    issuedBy: uuid('issued_by').notNull(),
    print: jsonb('print').notNull(),
    ...revColumns,
  },
  (t) => [
    unique('certificates_tenant_id_key').on(t.tenantId, t.id),
    unique('certificates_serial_key').on(t.tenantId, t.kind, t.serialNumber),
    foreignKey({
      name: 'certificates_student_fk',
      columns: [t.tenantId, t.studentId],
      foreignColumns: [students.tenantId, students.id],
    }),
    foreignKey({
      name: 'certificates_issued_by_fk',
      columns: [t.tenantId, t.issuedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    check('certificates_kind_check', sql`${t.kind} in ('bonafide', 'transfer', 'studentDetails')`),
    index('certificates_tenant_student_idx').on(t.tenantId, t.studentId),
    index('certificates_tenant_rev_idx').on(t.tenantId, t.rev),
    index('certificates_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
