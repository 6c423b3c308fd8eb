/**
 * The fees module's tables (migration 0016; a receipt's recorded day, back-dated fine and balances
 * 0022): fee settings, heads, class structures and
 * their installments, concessions, and receipts with their items and per-year counters. Only this
 * module reads them.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { classes, schools, students, users } from '../../db/core-tables';

/** Fees (docs/decisions.md "Fees"): a school's receipt number format, UPI id for the receipt's QR code, and whether teachers may read fees. */
export const feeSettings = pgTable('fee_settings', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => schools.tenantId),
  receiptFormat: text('receipt_format').notNull().default('RCPT/{YEAR}/{SEQ}'),
  upiId: text('upi_id'),
  payeeName: text('payee_name'),
  teachersMayRead: boolean('teachers_may_read').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const feeHeads = pgTable(
  'fee_heads',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    name: text('name').notNull(),
    description: text('description'),
    ...revColumns,
  },
  (t) => [
    unique('fee_heads_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('fee_heads_tenant_name_idx')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('fee_heads_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** One class's fees for one academic year; its installments are rows of fee_installments. */
export const feeStructures = pgTable(
  'fee_structures',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    classId: uuid('class_id').notNull(),
    academicYear: integer('academic_year').notNull(),
    fineKind: text('fine_kind', { enum: ['none', 'perDay', 'flat'] })
      .notNull()
      .default('none'),
    fineAmount: bigint('fine_amount', { mode: 'number' }).notNull().default(0),
    fineCap: bigint('fine_cap', { mode: 'number' }),
    ...revColumns,
  },
  (t) => [
    unique('fee_structures_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'fee_structures_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    check(
      'fee_structures_fine_check',
      sql`${t.fineKind} in ('none', 'perDay', 'flat') and ${t.fineAmount} >= 0 and (${t.fineCap} is null or ${t.fineCap} >= 0)`,
    ),
    uniqueIndex('fee_structures_tenant_class_year_idx')
      .on(t.tenantId, t.classId, t.academicYear)
      .where(sql`${t.deletedAt} IS NULL`),
    index('fee_structures_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

export const feeInstallments = pgTable(
  'fee_installments',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    structureId: uuid('structure_id').notNull(),
    headId: uuid('head_id').notNull(),
    frequency: text('frequency', { enum: ['monthly', 'quarterly', 'termly', 'once'] }).notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('fee_installments_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'fee_installments_structure_fk', columns: [t.tenantId, t.structureId], foreignColumns: [feeStructures.tenantId, feeStructures.id] }),
    foreignKey({ name: 'fee_installments_head_fk', columns: [t.tenantId, t.headId], foreignColumns: [feeHeads.tenantId, feeHeads.id] }),
    check('fee_installments_amount_check', sql`${t.amount} >= 0`),
    check('fee_installments_frequency_check', sql`${t.frequency} in ('monthly', 'quarterly', 'termly', 'once')`),
    index('fee_installments_structure_idx').on(t.tenantId, t.structureId, t.position),
    index('fee_installments_head_idx').on(t.tenantId, t.headId),
  ],
);

export const feeConcessions = pgTable(
  'fee_concessions',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    studentId: uuid('student_id').notNull(),
    academicYear: integer('academic_year').notNull(),
    kind: text('kind', { enum: ['sibling', 'staffChild', 'scholarship', 'other'] }).notNull(),
    headIds: uuid('head_ids').array().notNull(),
    percent: integer('percent'),
    amount: bigint('amount', { mode: 'number' }),
    reason: text('reason'),
    ...revColumns,
  },
  (t) => [
    unique('fee_concessions_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'fee_concessions_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    check(
      'fee_concessions_value_check',
      sql`(${t.percent} is null) <> (${t.amount} is null) and (${t.percent} is null or ${t.percent} between 1 and 100) and (${t.amount} is null or ${t.amount} > 0)`,
    ),
    index('fee_concessions_tenant_student_idx').on(t.tenantId, t.studentId, t.academicYear),
    index('fee_concessions_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** The last receipt serial of a school's academic year, taken inside the collecting write's transaction. */
export const feeReceiptCounters = pgTable(
  'fee_receipt_counters',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    academicYear: integer('academic_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.academicYear] })],
);

/** The receipt register: never edited or deleted; a correction cancels one (number kept) and issues another. */
export const feeReceipts = pgTable(
  'fee_receipts',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    academicYear: integer('academic_year').notNull(),
    receiptSeq: integer('receipt_seq').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    studentId: uuid('student_id').notNull(),
    studentName: text('student_name').notNull(),
    admissionId: text('admission_id').notNull(),
    classId: uuid('class_id'),
    className: text('class_name').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    mode: text('mode', { enum: ['cash', 'upi', 'cheque', 'bankTransfer', 'online'] }).notNull(),
    reference: text('reference'),
    bank: text('bank'),
    fine: bigint('fine', { mode: 'number' }).notNull().default(0),
    fineWaived: bigint('fine_waived', { mode: 'number' }).notNull().default(0),
    waiverReason: text('waiver_reason'),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The day the receipt was made (on the device when made offline); paid_on before it is back-dated by received_by. */
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    /** The late fine the earlier paid_on removed, waived for waiver_reason. */
    backdatedFine: bigint('backdated_fine', { mode: 'number' }).notNull().default(0),
    /** The year's standing after this receipt as of paid_on, fixed at issue; null on receipts from before 0022. */
    balanceDue: bigint('balance_due', { mode: 'number' }),
    yearBalance: bigint('year_balance', { mode: 'number' }),
    remark: text('remark'),
    status: text('status', { enum: ['paid', 'cancelled'] })
      .notNull()
      .default('paid'),
    cancelledOn: date('cancelled_on', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by'),
    replacedBy: uuid('replaced_by'),
    replaces: uuid('replaces'),
    receivedBy: uuid('received_by').notNull(),
    receivedByName: text('received_by_name').notNull(),
    ...revColumns,
  },
  (t) => [
    unique('fee_receipts_tenant_id_key').on(t.tenantId, t.id),
    unique('fee_receipts_seq_key').on(t.tenantId, t.academicYear, t.receiptSeq),
    unique('fee_receipts_number_key').on(t.tenantId, t.receiptNumber),
    foreignKey({ name: 'fee_receipts_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'fee_receipts_received_by_fk', columns: [t.tenantId, t.receivedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'fee_receipts_cancelled_by_fk', columns: [t.tenantId, t.cancelledBy], foreignColumns: [users.tenantId, users.id] }),
    check('fee_receipts_amounts_check', sql`${t.fine} >= 0 and ${t.fineWaived} >= 0 and ${t.total} >= 0`),
    check(
      'fee_receipts_recorded_check',
      sql`${t.paidOn} <= ${t.recordedOn} and ${t.backdatedFine} >= 0 and (${t.balanceDue} is null or ${t.balanceDue} >= 0) and (${t.yearBalance} is null or ${t.yearBalance} >= 0)`,
    ),
    check('fee_receipts_mode_check', sql`${t.mode} in ('cash', 'upi', 'cheque', 'bankTransfer', 'online')`),
    check('fee_receipts_status_check', sql`${t.status} in ('paid', 'cancelled')`),
    index('fee_receipts_tenant_student_idx').on(t.tenantId, t.studentId, t.paidOn),
    index('fee_receipts_tenant_paid_on_idx').on(t.tenantId, t.paidOn),
    index('fee_receipts_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    index('fee_receipts_tenant_student_txid_idx').on(t.tenantId, t.studentId, t.txid, t.rev),
  ],
);

export const feeReceiptItems = pgTable(
  'fee_receipt_items',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    receiptId: uuid('receipt_id').notNull(),
    installmentId: uuid('installment_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('fee_receipt_items_receipt_installment_key').on(t.tenantId, t.receiptId, t.installmentId),
    foreignKey({ name: 'fee_receipt_items_receipt_fk', columns: [t.tenantId, t.receiptId], foreignColumns: [feeReceipts.tenantId, feeReceipts.id] }),
    foreignKey({ name: 'fee_receipt_items_installment_fk', columns: [t.tenantId, t.installmentId], foreignColumns: [feeInstallments.tenantId, feeInstallments.id] }),
    check('fee_receipt_items_amount_check', sql`${t.amount} > 0`),
    index('fee_receipt_items_receipt_idx').on(t.tenantId, t.receiptId),
    index('fee_receipt_items_installment_idx').on(t.tenantId, t.installmentId),
  ],
);

/**
 * Fee reminders sent by themselves (docs/decisions.md "WhatsApp and SMS"): one row per student,
 * installment and day-offset told, so a reminder goes once whatever runs again; and one row per
 * school and day the schedule ran, so the day's work is done by one process once.
 */
export const feeRemindersSent = pgTable(
  'fee_reminders_sent',
  {
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    installmentId: uuid('installment_id').notNull(),
    /** Days from the due date (-3: three days before). */
    days: integer('days').notNull(),
    notificationId: uuid('notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fee_reminders_sent_pkey', columns: [t.tenantId, t.studentId, t.installmentId, t.days] }),
    foreignKey({ name: 'fee_reminders_sent_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);

export const feeReminderRuns = pgTable(
  'fee_reminder_runs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    day: date('day', { mode: 'string' }).notNull(),
    reminded: integer('reminded').notNull().default(0),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'fee_reminder_runs_pkey', columns: [t.tenantId, t.day] })],
);
