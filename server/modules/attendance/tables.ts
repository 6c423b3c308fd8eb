/** The attendance module's table (migration 0003; its school key since 0020). */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { classes, students, users } from '../../db/core-tables';

/** Student attendance: one live record per student per date, marked per class and date as a sheet. */
export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey(),
    /** The school, through the student's key (its tenant_id refers to schools): no key of its own (migration 0020). */
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    classId: uuid('class_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['present', 'absent', 'late', 'leave'] }).notNull(),
    remark: text('remark').notNull().default(''),
    /** The user whose write produced this version. */
    markedBy: uuid('marked_by').notNull(),
    /** The device's clock when marked: information only, bounds-checked, never used for ordering. */
    deviceMarkedAt: timestamp('device_marked_at', { withTimezone: true }),
    ...revColumns,
  },
  (t) => [
    foreignKey({
      name: 'attendance_student_fk',
      columns: [t.tenantId, t.studentId],
      foreignColumns: [students.tenantId, students.id],
    }),
    foreignKey({
      name: 'attendance_class_fk',
      columns: [t.tenantId, t.classId],
      foreignColumns: [classes.tenantId, classes.id],
    }),
    foreignKey({
      name: 'attendance_marked_by_fk',
      columns: [t.tenantId, t.markedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    check('attendance_status_check', sql`${t.status} in ('present', 'absent', 'late', 'leave')`),
    uniqueIndex('attendance_student_date_key')
      .on(t.tenantId, t.studentId, t.date)
      .where(sql`${t.deletedAt} is null`),
    index('attendance_tenant_class_date_idx').on(t.tenantId, t.classId, t.date),
    index('attendance_tenant_student_txid_idx').on(t.tenantId, t.studentId, t.txid, t.rev),
    index('attendance_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
