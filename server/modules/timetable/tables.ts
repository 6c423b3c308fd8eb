/**
 * The timetable module's tables (migration 0013): the bell schedule, the class entries, the weekly
 * subject limits and the day's substitutions. Only this module reads them.
 */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { classes, schools, subjects, teachers, users } from '../../db/core-tables';

/** The bell schedule: periods per working day (1 Monday ... 6 Saturday), teaching or break (0013). */
export const timetablePeriods = pgTable(
  'timetable_periods',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    day: smallint('day').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** HH:MM, 24-hour. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    kind: text('kind', { enum: ['teaching', 'break'] }).notNull(),
    ...revColumns,
  },
  (t) => [
    unique('timetable_periods_tenant_id_key').on(t.tenantId, t.id),
    check('timetable_periods_day_check', sql`${t.day} between 1 and 6`),
    check('timetable_periods_kind_check', sql`${t.kind} in ('teaching', 'break')`),
    check(
      'timetable_periods_times_check',
      sql`${t.startTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.endTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.endTime} > ${t.startTime}`,
    ),
    index('timetable_periods_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** One class's subject in one period; one live entry per class, teacher and room in a period. */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    classId: uuid('class_id').notNull(),
    periodId: uuid('period_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    teacherId: uuid('teacher_id'),
    room: text('room').notNull().default(''),
    createdBy: uuid('created_by'),
    ...revColumns,
  },
  (t) => [
    unique('timetable_entries_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'timetable_entries_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    foreignKey({ name: 'timetable_entries_period_fk', columns: [t.tenantId, t.periodId], foreignColumns: [timetablePeriods.tenantId, timetablePeriods.id] }),
    foreignKey({ name: 'timetable_entries_subject_fk', columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: 'timetable_entries_teacher_fk', columns: [t.tenantId, t.teacherId], foreignColumns: [teachers.tenantId, teachers.id] }),
    foreignKey({ name: 'timetable_entries_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('timetable_entries_class_period_key').on(t.tenantId, t.classId, t.periodId).where(sql`${t.deletedAt} is null`),
    uniqueIndex('timetable_entries_teacher_period_key')
      .on(t.tenantId, t.teacherId, t.periodId)
      .where(sql`${t.deletedAt} is null and ${t.teacherId} is not null`),
    uniqueIndex('timetable_entries_room_period_key')
      .on(t.tenantId, sql`lower(${t.room})`, t.periodId)
      .where(sql`${t.deletedAt} is null and ${t.room} <> ''`),
    index('timetable_entries_tenant_class_txid_idx').on(t.tenantId, t.classId, t.txid, t.rev),
    index('timetable_entries_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** How many periods a week the school sets for a subject (placing more warns). */
export const timetableSubjectLimits = pgTable(
  'timetable_subject_limits',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    subjectId: uuid('subject_id').notNull(),
    perWeek: smallint('per_week').notNull(),
    ...revColumns,
  },
  (t) => [
    foreignKey({ name: 'timetable_subject_limits_subject_fk', columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    check('timetable_subject_limits_per_week_check', sql`${t.perWeek} between 1 and 60`),
    uniqueIndex('timetable_subject_limits_subject_key').on(t.tenantId, t.subjectId).where(sql`${t.deletedAt} is null`),
    index('timetable_subject_limits_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);

/** A substitute teacher for one entry on one date (its teacher absent or on leave). */
export const timetableSubstitutions = pgTable(
  'timetable_substitutions',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    entryId: uuid('entry_id').notNull(),
    classId: uuid('class_id').notNull(),
    periodId: uuid('period_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    teacherId: uuid('teacher_id').notNull(),
    createdBy: uuid('created_by'),
    ...revColumns,
  },
  (t) => [
    foreignKey({ name: 'timetable_substitutions_entry_fk', columns: [t.tenantId, t.entryId], foreignColumns: [timetableEntries.tenantId, timetableEntries.id] }),
    foreignKey({ name: 'timetable_substitutions_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [classes.tenantId, classes.id] }),
    foreignKey({ name: 'timetable_substitutions_period_fk', columns: [t.tenantId, t.periodId], foreignColumns: [timetablePeriods.tenantId, timetablePeriods.id] }),
    foreignKey({ name: 'timetable_substitutions_teacher_fk', columns: [t.tenantId, t.teacherId], foreignColumns: [teachers.tenantId, teachers.id] }),
    foreignKey({ name: 'timetable_substitutions_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('timetable_substitutions_entry_date_key').on(t.tenantId, t.entryId, t.date).where(sql`${t.deletedAt} is null`),
    uniqueIndex('timetable_substitutions_teacher_slot_key').on(t.tenantId, t.teacherId, t.date, t.periodId).where(sql`${t.deletedAt} is null`),
    index('timetable_substitutions_tenant_class_txid_idx').on(t.tenantId, t.classId, t.txid, t.rev),
    index('timetable_substitutions_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
