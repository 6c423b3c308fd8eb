/**
 * The Drizzle schema: the tenant registry and every tenant-owned table.
 * Tenant-owned rows carry `tenant_id`, a `rev` from one shared sequence (set by a trigger on every
 * insert and update, see the custom migration) and `deleted_at` tombstones, which sync/pull reads.
 * Cross-table references include `tenant_id`, so a row can never point into another school.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const revSequence = pgSequence('kaksha_rev_seq', { startWith: 1 });

const revColumns = {
  rev: bigint('rev', { mode: 'number' })
    .notNull()
    .default(sql`nextval('kaksha_rev_seq')`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

export const schools = pgTable('schools', {
  tenantId: text('tenant_id').primaryKey(),
  schoolName: text('school_name').notNull(),
  schoolId: text('school_id').notNull().unique('schools_school_id_key'),
  address: text('address'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    className: text('class_name').notNull(),
    classSection: text('class_section').notNull().default(''),
    ...revColumns,
  },
  (t) => [
    unique('classes_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('classes_name_section_key')
      .on(t.tenantId, sql`lower(${t.className})`, sql`lower(${t.classSection})`)
      .where(sql`${t.deletedAt} is null`),
    index('classes_tenant_rev_idx').on(t.tenantId, t.rev),
  ],
);

export const teachers = pgTable(
  'teachers',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    employeeId: text('employee_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    emailId: text('email_id'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender'),
    subjects: text('subjects'),
    ...revColumns,
  },
  (t) => [
    unique('teachers_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('teachers_employee_id_key')
      .on(t.tenantId, t.employeeId)
      .where(sql`${t.deletedAt} is null and ${t.employeeId} is not null`),
    index('teachers_tenant_email_idx').on(t.tenantId, t.emailId),
    index('teachers_tenant_rev_idx').on(t.tenantId, t.rev),
  ],
);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    admissionId: text('admission_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    emailId: text('email_id'),
    rollNumber: text('roll_number'),
    phoneNumber: text('phone_number'),
    classId: uuid('class_id'),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender'),
    fatherName: text('father_name'),
    motherName: text('mother_name'),
    /** The parents' contact e-mail: a parent account with this e-mail is linked to the child. */
    parentEmail: text('parent_email'),
    alternateNumber: text('alternate_number'),
    address: text('address'),
    aadhaarId: text('aadhaar_id'),
    apaarId: text('apaar_id'),
    ...revColumns,
  },
  (t) => [
    unique('students_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({
      name: 'students_class_fk',
      columns: [t.tenantId, t.classId],
      foreignColumns: [classes.tenantId, classes.id],
    }),
    uniqueIndex('students_admission_id_key')
      .on(t.tenantId, t.admissionId)
      .where(sql`${t.deletedAt} is null and ${t.admissionId} is not null`),
    index('students_tenant_email_idx').on(t.tenantId, t.emailId),
    index('students_tenant_parent_email_idx').on(t.tenantId, t.parentEmail),
    index('students_tenant_class_idx').on(t.tenantId, t.classId),
    index('students_tenant_rev_idx').on(t.tenantId, t.rev),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'teacher', 'student', 'parent'] }).notNull(),
    status: text('status', { enum: ['active', 'pending', 'rejected', 'inactive'] }).notNull(),
    studentId: uuid('student_id'),
    teacherId: uuid('teacher_id'),
    /** Bumped to end every session of the user (deactivation, password reset). */
    tokenVersion: integer('token_version').notNull().default(0),
    fcmToken: text('fcm_token'),
    ...revColumns,
  },
  (t) => [
    unique('users_tenant_username_key').on(t.tenantId, t.username),
    unique('users_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({
      name: 'users_student_fk',
      columns: [t.tenantId, t.studentId],
      foreignColumns: [students.tenantId, students.id],
    }),
    foreignKey({
      name: 'users_teacher_fk',
      columns: [t.tenantId, t.teacherId],
      foreignColumns: [teachers.tenantId, teachers.id],
    }),
    index('users_tenant_status_idx').on(t.tenantId, t.status),
  ],
);

/** A parent account's children (siblings share a parent). */
export const parentChildren = pgTable(
  'parent_children',
  {
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    studentId: uuid('student_id').notNull(),
    ...revColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.studentId] }),
    foreignKey({
      name: 'parent_children_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'parent_children_student_fk',
      columns: [t.tenantId, t.studentId],
      foreignColumns: [students.tenantId, students.id],
    }),
    index('parent_children_student_idx').on(t.tenantId, t.studentId),
  ],
);

/**
 * Public contact (demo) requests of prospective schools. Not owned by any school and never synced:
 * only operators of the service read them. E-mail and phone are stored canonical (contract/contact.ts)
 * and each is unique under a named constraint, which the 409 of a duplicate carries.
 */
export const contactedClients = pgTable(
  'contacted_clients',
  {
    id: uuid('id').primaryKey(),
    clientFullName: text('client_full_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone'),
    instituteName: text('institute_name').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    /** Username of the operator who marked the request contacted. */
    contactedBy: text('contacted_by'),
  },
  (t) => [
    unique('contacted_clients_email_key').on(t.clientEmail),
    unique('contacted_clients_phone_key').on(t.clientPhone),
    index('contacted_clients_created_idx').on(t.createdAt),
  ],
);

/** People who run the Kaksha service (docs/operators.md); created only by `npm run operator:create`. */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull().unique('operators_username_key'),
  passwordHash: text('password_hash').notNull(),
  /** Bumped to end every operator session (password reset through the CLI). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

/**
 * One-time password reset codes. Server-private (never synced): the code and the reset token are
 * stored only as keyed hashes; a code expires after 10 minutes and burns after five wrong tries.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'password_reset_codes_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index('password_reset_codes_user_idx').on(t.tenantId, t.userId, t.createdAt),
    uniqueIndex('password_reset_codes_token_key').on(t.resetTokenHash),
  ],
);
