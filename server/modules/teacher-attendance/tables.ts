/** The staff attendance module's table (migration 0013). */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { schools, teachers, users } from '../../db/core-tables';

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
    check('teacher_attendance_status_check', sql`${t.status} in ('present', 'absent', 'half_day', 'leave')`),
    check(
      'teacher_attendance_leave_type_check',
      sql`(${t.status} = 'leave') = (${t.leaveType} is not null) and (${t.leaveType} is null or ${t.leaveType} in ('casual', 'sick', 'earned', 'other'))`,
    ),
    uniqueIndex('teacher_attendance_teacher_date_key').on(t.tenantId, t.teacherId, t.date).where(sql`${t.deletedAt} is null`),
    index('teacher_attendance_tenant_date_idx').on(t.tenantId, t.date),
    index('teacher_attendance_tenant_teacher_txid_idx').on(t.tenantId, t.teacherId, t.txid, t.rev),
    index('teacher_attendance_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
