/**
 * Homework's tables (migration 0010 creates them). A module keeps its Drizzle tables in its own
 * folder as `tables.ts`; drizzle.config.ts reads every module's (docs/adding-a-module.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { contentRevColumn, revColumns } from '../../db/columns';
import { classes, schools, students, subjects, users } from '../../db/core-tables';

/** Homework given to a class for a subject (server/modules/homework). */
export const homework = pgTable(
  'homework',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assignedDate: date('assigned_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by'),
    ...revColumns,
    ...contentRevColumn,
  },
  (t) => [
    unique('homework_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'homework_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    foreignKey({ name: 'homework_subject_fk', columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: 'homework_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    check('homework_dates_check', sql`${t.dueDate} >= ${t.assignedDate}`),
    index('homework_tenant_class_due_idx').on(t.tenantId, t.classId, t.dueDate),
    index('homework_tenant_class_txid_idx').on(t.tenantId, t.classId, t.txid, t.rev),
    index('homework_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    // The list's order (latest due first): a page reads its 20 rows, not the school's every homework.
    index('homework_tenant_page_idx').on(t.tenantId, t.dueDate.desc().nullsFirst(), t.id).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A homework's files: their names, types, sizes and digests. The bytes are in the attachment store
 * (server/files/attachment-store.ts), found by tenant and `sha256`, once for every attachment of the
 * school with the same content (migration 0022 moved them out of this table). Immutable: an
 * attachment is added or removed, never changed; its metadata travels inside the homework record.
 */
export const homeworkAttachments = pgTable(
  'homework_attachments',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    homeworkId: uuid('homework_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'homework_attachments_homework_fk',
      columns: [t.tenantId, t.homeworkId],
      foreignColumns: [homework.tenantId, homework.id],
    }),
    index('homework_attachments_homework_idx').on(t.tenantId, t.homeworkId, t.createdAt),
    // Whether a school's bytes are still named by an attachment, asked when one is removed.
    index('homework_attachments_digest_idx').on(t.tenantId, t.sha256),
  ],
);

/** A student's done mark on a homework: one row per homework and student, turned on and off. */
export const homeworkDone = pgTable(
  'homework_done',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    homeworkId: uuid('homework_id').notNull(),
    studentId: uuid('student_id').notNull(),
    done: boolean('done').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The student's or the parent's account. */
    markedBy: uuid('marked_by').notNull(),
    ...revColumns,
  },
  (t) => [
    foreignKey({
      name: 'homework_done_homework_fk',
      columns: [t.tenantId, t.homeworkId],
      foreignColumns: [homework.tenantId, homework.id],
    }),
    foreignKey({ name: 'homework_done_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'homework_done_marked_by_fk', columns: [t.tenantId, t.markedBy], foreignColumns: [users.tenantId, users.id] }),
    unique('homework_done_homework_student_key').on(t.tenantId, t.homeworkId, t.studentId),
    index('homework_done_tenant_student_txid_idx').on(t.tenantId, t.studentId, t.txid, t.rev),
    index('homework_done_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
