/**
 * The Drizzle schema: the tenant registry and every tenant-owned table.
 * Tenant-owned rows carry `tenant_id`, a `rev` from one shared sequence (set by a trigger on every
 * insert and update, see the custom migration) and `deleted_at` tombstones, which sync/pull reads.
 * Cross-table references include `tenant_id`, so a row can never point into another school.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { bytea, contentRevColumn, revColumns, xid8 } from './columns';

export { bytea, xid8 };

export const revSequence = pgSequence('kaksha_rev_seq', { startWith: 1 });

export const schools = pgTable('schools', {
  tenantId: text('tenant_id').primaryKey(),
  schoolName: text('school_name').notNull(),
  schoolId: text('school_id').notNull().unique('schools_school_id_key'),
  address: text('address'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  /** Parents are told when their child is marked absent or late (docs/decisions.md "Absence alerts"). */
  absenceAlerts: boolean('absence_alerts').notNull().default(true),
  /** Report cards show each student's rank in class (docs/decisions.md, exams). */
  showRanks: boolean('show_ranks').notNull().default(true),
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
    /** The class teacher: may mark and edit this class (server/modules/class-subjects/teaching.ts). */
    classTeacherId: uuid('class_teacher_id'),
    ...revColumns,
  },
  (t) => [
    unique('classes_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({
      name: 'classes_class_teacher_fk',
      columns: [t.tenantId, t.classTeacherId],
      foreignColumns: [teachers.tenantId, teachers.id],
    }),
    index('classes_tenant_class_teacher_idx').on(t.tenantId, t.classTeacherId),
    uniqueIndex('classes_name_section_key')
      .on(t.tenantId, sql`lower(${t.className})`, sql`lower(${t.classSection})`)
      .where(sql`${t.deletedAt} is null`),
    index('classes_tenant_rev_idx').on(t.tenantId, t.rev),
    index('classes_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
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
    index('teachers_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
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
    index('students_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
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

/**
 * Versions the server did not apply (a write based on an older `rev` than the server's copy, or an
 * edit of a deleted record): nothing a device sends is silently lost (docs/sync.md "Conflicts").
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The device's version, as sent. */
    payload: jsonb('payload').notNull(),
    authorUserId: uuid('author_user_id').notNull(),
    reason: text('reason', { enum: ['changed', 'deleted'] }).notNull(),
    /** The rev of the server's copy that was kept (0 when the record is gone). */
    keptRev: bigint('kept_rev', { mode: 'number' }).notNull(),
    /** Hash of the payload: the same stale change sent again adds no second entry. */
    payloadHash: text('payload_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'record_history_author_fk',
      columns: [t.tenantId, t.authorUserId],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('record_history_dedupe_key').on(
      t.tenantId,
      t.entity,
      t.recordId,
      t.authorUserId,
      t.keptRev,
      t.payloadHash,
    ),
    index('record_history_record_idx').on(t.tenantId, t.entity, t.recordId, t.createdAt),
  ],
);

/**
 * Stored outcomes of writes sent with an Idempotency-Key, per tenant and user. A row is written in
 * the same transaction as the write it describes, so it exists exactly when the write committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: uuid('key').notNull(),
    /** sha256 of method, path and canonical body: the same key with another request is a 422. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    /** The answer's envelope as JSON text: the bytes the first answer sent, sent again on a replay. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({
      name: 'idempotency_keys_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Per school, the newest transaction whose tombstones were purged: a pull cursor at or before it
 * may have missed a delete, so that client starts over.
 */
export const syncHorizons = pgTable('sync_horizons', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => schools.tenantId),
  purgedThrough: xid8('purged_through').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Subjects a school teaches. */
export const subjects = pgTable(
  'subjects',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    subjectName: text('subject_name').notNull(),
    subjectCode: text('subject_code'),
    ...revColumns,
    ...contentRevColumn,
  },
  (t) => [
    unique('subjects_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('subjects_name_key')
      .on(t.tenantId, sql`lower(${t.subjectName})`)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_tenant_rev_idx').on(t.tenantId, t.rev),
    index('subjects_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** Which subjects a class takes and which teacher teaches each (one live row per class and subject). */
export const classSubjects = pgTable(
  'class_subjects',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    teacherId: uuid('teacher_id'),
    ...revColumns,
    ...contentRevColumn,
  },
  (t) => [
    unique('class_subjects_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({
      name: 'class_subjects_class_fk',
      columns: [t.tenantId, t.classId],
      foreignColumns: [classes.tenantId, classes.id],
    }),
    foreignKey({
      name: 'class_subjects_subject_fk',
      columns: [t.tenantId, t.subjectId],
      foreignColumns: [subjects.tenantId, subjects.id],
    }),
    foreignKey({
      name: 'class_subjects_teacher_fk',
      columns: [t.tenantId, t.teacherId],
      foreignColumns: [teachers.tenantId, teachers.id],
    }),
    uniqueIndex('class_subjects_class_subject_key')
      .on(t.tenantId, t.classId, t.subjectId)
      .where(sql`${t.deletedAt} is null`),
    index('class_subjects_tenant_teacher_idx').on(t.tenantId, t.teacherId),
    index('class_subjects_tenant_rev_idx').on(t.tenantId, t.rev),
    index('class_subjects_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

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

/**
 * Fixed-window rate-limit counters shared by every process (server/plugins/rate-limit.ts): one row
 * per limiter and key (`sign-in:user <sha-256 of tenant:username>`), counted with one UPSERT. Expired rows
 * are swept now and then; they are never read once `reset_at` has passed.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

/**
 * Notifications (docs/decisions.md "Notifications and push (issue 11)"): who receives one is its
 * audience, resolved by server/modules/notifications/audience.ts; `published` turns true at
 * `publish_at` (the publisher moves `rev`, so the pull sends it when due).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** 'school', 'classes', 'roles' or 'people'. */
    audienceKind: text('audience_kind').notNull(),
    audienceClassIds: uuid('audience_class_ids').array().notNull().default(sql`'{}'`),
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'`),
    audienceUserIds: uuid('audience_user_ids').array().notNull().default(sql`'{}'`),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    sentBy: uuid('sent_by'),
    ...revColumns,
  },
  (t) => [
    unique('notifications_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'notifications_sent_by_fk', columns: [t.tenantId, t.sentBy], foreignColumns: [users.tenantId, users.id] }),
    check('notifications_audience_kind_check', sql`${t.audienceKind} in ('school', 'classes', 'roles', 'people')`),
    index('notifications_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
    index('notifications_due_idx').on(t.publishAt).where(sql`not ${t.published}`),
  ],
);

/**
 * One row per student and date a parent was told of an absence (or lateness): the alert and, once
 * the mark is corrected to present, the correction. Its key makes the alert once per student-day.
 */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    /** The school, through the student's key, as on attendance (migration 0020). */
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The status the alert told of: 'absent' or 'late'. */
    status: text('status').notNull(),
    notificationId: uuid('notification_id'),
    correctionId: uuid('correction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'absence_alerts_pkey', columns: [t.tenantId, t.studentId, t.date] }),
    foreignKey({ name: 'absence_alerts_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'absence_alerts_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    foreignKey({ name: 'absence_alerts_correction_fk', columns: [t.tenantId, t.correctionId], foreignColumns: [notifications.tenantId, notifications.id] }),
    check('absence_alerts_status_check', sql`${t.status} in ('absent', 'late')`),
  ],
);

/** Every earlier version of an edited notification, as its read endpoints answered it. */
export const notificationRevisions = pgTable(
  'notification_revisions',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    /** The rev of the version kept here. */
    rev: bigint('rev', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    editedBy: uuid('edited_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'notification_revisions_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('notification_revisions_notification_idx').on(t.tenantId, t.notificationId, t.editedAt),
  ],
);

/** A user's read mark: one per notification and user, synced to that user's devices. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    notificationId: uuid('notification_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    ...revColumns,
  },
  (t) => [
    unique('notification_reads_notification_user_key').on(t.tenantId, t.notificationId, t.userId),
    foreignKey({ name: 'notification_reads_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    foreignKey({ name: 'notification_reads_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('notification_reads_tenant_user_txid_idx').on(t.tenantId, t.userId, t.txid, t.rev),
    index('notification_reads_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/**
 * A notification's read figures for its senders' devices (issue 16): one row per notification,
 * its id the notification's, touched on each reader's first read so the staff pull brings the
 * counts again (migration 0018); the counts themselves are worked out when pulled.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    ...revColumns,
  },
  (t) => [
    foreignKey({ name: 'notification_counts_notification_fk', columns: [t.tenantId, t.id], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('notification_counts_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** A device's FCM registration token: one row per device, owned by the user who last registered it. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'device_tokens_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('device_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * Pushes to send: one row per notification and device token of its audience, written in the
 * notification's own transaction; the unique key keeps a device from getting one twice.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    token: text('token').notNull(),
    userId: uuid('user_id').notNull(),
    /** Not before: the notification's publish time, then the backoff after a failed try. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    unique('push_outbox_notification_token_key').on(t.notificationId, t.token),
    foreignKey({ name: 'push_outbox_notification_fk', columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }),
    index('push_outbox_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);

/** The school calendar: events, holidays, exam days, meetings (server/modules/events). */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    /** 'event', 'holiday', 'exam', 'meeting' or 'other'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** HH:MM, or null for all day. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The audience, as notifications: 'school', 'classes', 'roles' or 'people'. */
    audienceKind: text('audience_kind').notNull(),
    audienceClassIds: uuid('audience_class_ids').array().notNull().default(sql`'{}'`),
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'`),
    audienceUserIds: uuid('audience_user_ids').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by'),
    ...revColumns,
  },
  (t) => [
    unique('events_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'events_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    check('events_kind_check', sql`${t.kind} in ('event', 'holiday', 'exam', 'meeting', 'other')`),
    check('events_audience_kind_check', sql`${t.audienceKind} in ('school', 'classes', 'roles', 'people')`),
    check('events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    index('events_tenant_dates_idx').on(t.tenantId, t.startDate, t.endDate),
    index('events_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** Staff attendance: one live record per teacher and date (server/modules/teacher-attendance). */
export const teacherAttendance = pgTable(
  'teacher_attendance',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    teacherId: uuid('teacher_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['present', 'absent', 'half_day', 'leave'] }).notNull(),
    leaveType: text('leave_type', { enum: ['casual', 'sick', 'earned', 'other'] }),
    remark: text('remark').notNull().default(''),
    markedBy: uuid('marked_by').notNull(),
    /** The device's clock when marked: information only. */
    deviceMarkedAt: timestamp('device_marked_at', { withTimezone: true }),
    ...revColumns,
  },
  (t) => [
    foreignKey({ name: 'teacher_attendance_teacher_fk', columns: [t.tenantId, t.teacherId], foreignColumns: [teachers.tenantId, teachers.id] }),
    foreignKey({ name: 'teacher_attendance_marked_by_fk', columns: [t.tenantId, t.markedBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('teacher_attendance_teacher_date_key').on(t.tenantId, t.teacherId, t.date).where(sql`${t.deletedAt} is null`),
    index('teacher_attendance_tenant_date_idx').on(t.tenantId, t.date),
    index('teacher_attendance_tenant_teacher_txid_idx').on(t.tenantId, t.teacherId, t.txid, t.rev),
    index('teacher_attendance_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
