/**
 * The core records, below every module: the school (the tenant registry), its sign-in accounts and
 * family links, and the records the layers under the modules read: the access plugin resolves the
 * school and the user of every request; the module kit's family scope reads students and parent
 * links, its audience rule classes and users, its teaching rule classes and class subjects; the
 * server's own tables (service-tables.ts) refer to schools and users. Everything else lives with its
 * module (server/modules/<name>/tables.ts, docs/adding-a-module.md).
 * Tenant-owned rows carry `tenant_id`, a `rev` from one shared sequence (set by a trigger on every
 * insert and update) and `deleted_at` tombstones, which sync/pull reads. Cross-table references
 * include `tenant_id`, so a row can never point into another school.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contentRevColumn, revColumns } from './columns';

export const schools = pgTable(
  'schools',
  {
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
    /**
     * The language report cards, receipts and certificates print in, whatever the screen's
     * (docs/i18n.md "Prints"). The codes of contract/languages.ts, written out as on users.language.
     */
    printLanguage: text('print_language', { enum: ['en', 'hi', 'mr'] }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('schools_print_language_check', sql`${t.printLanguage} in ('en', 'hi', 'mr')`)],
);

export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    className: text('class_name').notNull(),
    classSection: text('class_section').notNull().default(''),
    /** The class teacher: may mark and edit this class (server/module-kit/teaching.ts). */
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
    // The students page's order (admission id, name): its 20 rows read from the index, not the school sorted.
    index('students_tenant_page_idx')
      .on(t.tenantId, t.admissionId, t.firstName, t.id)
      .where(sql`${t.deletedAt} is null`),
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
    /**
     * The language the user reads the app in; null until they choose one. The codes of
     * contract/languages.ts, written out: drizzle-kit reads this file without the contract
     * (tests/api/account-language.test.ts checks the two agree).
     */
    language: text('language', { enum: ['en', 'hi', 'mr'] }),
    ...revColumns,
  },
  (t) => [
    check('users_language_check', sql`${t.language} in ('en', 'hi', 'mr')`),
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
 * A student's class in a closed year and how the year ended for them, written by the turnover that
 * closed it (server/modules/years); the current year's class is the student's own `class_id`. The
 * family's sync scope reads it (their children's fees of last year are last year's class's).
 */
export const studentYears = pgTable(
  'student_years',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    academicYear: integer('academic_year').notNull(),
    classId: uuid('class_id'),
    outcome: text('outcome', { enum: ['promoted', 'detained', 'leaving'] }).notNull(),
    /** Unpaid dues of the year when it closed, in paise. */
    duesCarried: bigint('dues_carried', { mode: 'number' }).notNull().default(0),
    ...revColumns,
  },
  (t) => [
    check('student_years_outcome_check', sql`${t.outcome} in ('promoted', 'detained', 'leaving')`),
    unique('student_years_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('student_years_student_year_key').on(t.tenantId, t.studentId, t.academicYear).where(sql`${t.deletedAt} is null`),
    foreignKey({ name: 'student_years_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'student_years_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    index('student_years_tenant_year_class_idx').on(t.tenantId, t.academicYear, t.classId),
    index('student_years_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/**
 * A school's years (server/modules/years). A school that never turned a year over has no row: its
 * current year is the year of today's date. A turnover closes the current year and opens the next.
 * The sync scope reads it: a pull brings the current and the last year's records.
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
