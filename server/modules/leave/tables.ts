/**
 * Leave (docs/decisions.md "Leave"): applications (synced: a family's, a teacher's own, the school's
 * for staff) and each school's allowance of days per leave type a year. An application may carry one
 * attached file (a medical certificate): its name, type, size and SHA-256 are columns of the row
 * (migration 0030), its bytes are in the attachment store (server/files/) like homework's.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { LeaveAttachmentType, LeaveStatus, LeaveType } from '../../../contract/leave';
import { revColumns } from '../../db/columns';
import { schools, students, teachers, users } from '../../db/core-tables';

export const leaveApplications = pgTable(
  'leave_applications',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    applicantId: uuid('applicant_id').notNull(),
    studentId: uuid('student_id'),
    teacherId: uuid('teacher_id'),
    classId: uuid('class_id'),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    halfDay: boolean('half_day').notNull().default(false),
    kind: text('kind').$type<LeaveType>(),
    reason: text('reason').notNull(),
    status: text('status').$type<LeaveStatus>().notNull().default('waiting'),
    note: text('note'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    days: numeric('days', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    /** The attached file, all five set or none: a new id per upload (the device keeps its bytes under it). */
    attachmentId: uuid('attachment_id'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type').$type<LeaveAttachmentType>(),
    attachmentSize: integer('attachment_size'),
    /** Names the school's bytes in the attachment store (server/files/attachment-store.ts). */
    attachmentSha256: text('attachment_sha256'),
    ...revColumns,
  },
  (t) => [
    unique('leave_applications_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'leave_applications_applicant_fk', columns: [t.tenantId, t.applicantId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'leave_applications_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'leave_applications_teacher_fk', columns: [t.tenantId, t.teacherId], foreignColumns: [teachers.tenantId, teachers.id] }),
    check('leave_applications_who_check', sql`(${t.studentId} is null) <> (${t.teacherId} is null)`),
    check('leave_applications_dates_check', sql`${t.to} >= ${t.from}`),
    check('leave_applications_status_check', sql`${t.status} in ('waiting', 'approved', 'declined', 'cancelled')`),
    check(
      'leave_applications_attachment_check',
      sql`num_nulls(${t.attachmentId}, ${t.attachmentName}, ${t.attachmentType}, ${t.attachmentSize}, ${t.attachmentSha256}) in (0, 5)`,
    ),
    index('leave_applications_tenant_dates_idx').on(t.tenantId, t.from, t.to),
    index('leave_applications_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    // Whether a school's bytes are still named by an attachment, asked when one is removed elsewhere.
    index('leave_applications_attachment_digest_idx').on(t.tenantId, t.attachmentSha256).where(sql`${t.attachmentSha256} is not null`),
  ],
);

export const leaveAllowances = pgTable(
  'leave_allowances',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    kind: text('kind').$type<LeaveType>().notNull(),
    days: integer('days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'leave_allowances_pkey', columns: [t.tenantId, t.kind] })],
);
