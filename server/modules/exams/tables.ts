/**
 * The exams module's tables (migration 0015): the school's grading scale, exams with their
 * schedules, marks per cell with their history, and published results. Only this module reads them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { classes, schools, students, subjects, users } from '../../db/core-tables';

/** The school's grading scale (contract/exams.ts); copied into each exam when it is added. */
export const gradingScales = pgTable(
  'grading_scales',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => schools.tenantId),
    scale: jsonb('scale').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [foreignKey({ name: 'grading_scales_updated_by_fk', columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] })],
);

/** An exam, its classes, their schedules, the grading scale it uses and its classes' publication (server/modules/exams). */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    name: text('name').notNull(),
    term: text('term').notNull(),
    academicYear: text('academic_year').notNull(),
    weight: integer('weight').notNull().default(100),
    classIds: uuid('class_ids').array().notNull().default(sql`'{}'`),
    schedule: jsonb('schedule').notNull().default(sql`'[]'::jsonb`),
    grading: jsonb('grading').notNull(),
    /** Class id -> ISO time of publication. */
    published: jsonb('published').notNull().default(sql`'{}'::jsonb`),
    createdBy: uuid('created_by'),
    ...revColumns,
  },
  (t) => [
    unique('exams_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'exams_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    check('exams_weight_check', sql`${t.weight} between 0 and 100`),
    index('exams_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    index('exams_class_ids_idx').using('gin', t.classIds),
  ],
);

/** One cell of a marks grid: marks, a grade, absent or exempt (exactly one). */
export const marks = pgTable(
  'marks',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    examId: uuid('exam_id').notNull(),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    studentId: uuid('student_id').notNull(),
    marks: numeric('marks', { precision: 6, scale: 1, mode: 'number' }),
    grade: text('grade'),
    absent: boolean('absent').notNull().default(false),
    exempt: boolean('exempt').notNull().default(false),
    enteredBy: uuid('entered_by'),
    ...revColumns,
  },
  (t) => [
    unique('marks_tenant_id_key').on(t.tenantId, t.id),
    unique('marks_cell_key').on(t.tenantId, t.examId, t.subjectId, t.studentId),
    foreignKey({ name: 'marks_exam_fk', columns: [t.tenantId, t.examId], foreignColumns: [exams.tenantId, exams.id] }),
    foreignKey({ name: 'marks_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    foreignKey({ name: 'marks_subject_fk', columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: 'marks_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'marks_entered_by_fk', columns: [t.tenantId, t.enteredBy], foreignColumns: [users.tenantId, users.id] }),
    check('marks_one_value_check', sql`((${t.marks} is not null)::int + (${t.grade} is not null)::int + ${t.absent}::int + ${t.exempt}::int) = 1 or ${t.deletedAt} is not null`),
    index('marks_tenant_grid_idx').on(t.tenantId, t.examId, t.classId, t.subjectId),
    index('marks_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** A cell's earlier value each time it changed: who changed it and, after publication, why. */
export const marksHistory = pgTable(
  'marks_history',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    markId: uuid('mark_id').notNull(),
    previous: jsonb('previous').notNull(),
    next: jsonb('next').notNull(),
    changedBy: uuid('changed_by').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'marks_history_mark_fk', columns: [t.tenantId, t.markId], foreignColumns: [marks.tenantId, marks.id] }),
    foreignKey({ name: 'marks_history_changed_by_fk', columns: [t.tenantId, t.changedBy], foreignColumns: [users.tenantId, users.id] }),
    index('marks_history_mark_idx').on(t.tenantId, t.markId, t.createdAt),
  ],
);

/** A student's published result of an exam (contract/exam-results.ts), recomputed on each correction. */
export const results = pgTable(
  'results',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    examId: uuid('exam_id').notNull(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id').notNull(),
    subjects: jsonb('subjects').notNull(),
    total: numeric('total', { precision: 8, scale: 1, mode: 'number' }).notNull(),
    maxTotal: integer('max_total').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    grade: text('grade').notNull(),
    result: text('result', { enum: ['pass', 'fail'] }).notNull(),
    rank: integer('rank').notNull(),
    remark: text('remark').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    ...revColumns,
  },
  (t) => [
    unique('results_tenant_id_key').on(t.tenantId, t.id),
    unique('results_exam_student_key').on(t.tenantId, t.examId, t.studentId),
    foreignKey({ name: 'results_exam_fk', columns: [t.tenantId, t.examId], foreignColumns: [exams.tenantId, exams.id] }),
    foreignKey({ name: 'results_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    foreignKey({ name: 'results_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    check('results_result_check', sql`${t.result} in ('pass', 'fail')`),
    index('results_tenant_class_idx').on(t.tenantId, t.examId, t.classId),
    index('results_tenant_student_txid_idx').on(t.tenantId, t.studentId, t.txid, t.rev),
    index('results_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
