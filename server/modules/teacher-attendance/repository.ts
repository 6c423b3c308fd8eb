/** Data access for staff attendance; every function takes the tenant. */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TeacherAttendance } from '../../../contract/teacher-attendance';
import type { Db } from '../../db/client';
import { teachers } from '../../db/core-tables';
import { events } from '../events/tables';
import { teacherAttendance } from './tables';

export type TeacherAttendanceRow = typeof teacherAttendance.$inferSelect;
export type NewTeacherAttendance = typeof teacherAttendance.$inferInsert;

export function toTeacherAttendance(row: TeacherAttendanceRow): TeacherAttendance {
  return {
    id: row.id,
    teacherId: row.teacherId,
    date: row.date,
    status: row.status,
    leaveType: row.leaveType,
    remark: row.remark,
    markedBy: row.markedBy,
    markedAt: new Date(row.updatedAt).toISOString(),
    deviceMarkedAt: row.deviceMarkedAt ? new Date(row.deviceMarkedAt).toISOString() : null,
    rev: Number(row.rev),
  };
}

const live = (tenantId: string) => and(eq(teacherAttendance.tenantId, tenantId), isNull(teacherAttendance.deletedAt));

export interface StaffMember {
  teacherId: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
}

export const teacherAttendanceRepository = {
  /** Live teachers (one when `only` is given), by name. */
  async staff(db: Db, tenantId: string, only?: string): Promise<StaffMember[]> {
    return db
      .select({ teacherId: teachers.id, firstName: teachers.firstName, lastName: teachers.lastName, employeeId: teachers.employeeId })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), isNull(teachers.deletedAt), only ? eq(teachers.id, only) : undefined))
      .orderBy(asc(teachers.firstName), asc(teachers.lastName), asc(teachers.id));
  },
  async liveTeacherIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), inArray(teachers.id, ids), isNull(teachers.deletedAt)));
    return new Set(rows.map((row) => row.id));
  },
  /** The live records of these teachers on these dates, locked for the rest of the transaction. */
  lockLive(db: Db, tenantId: string, teacherIds: string[], dates: string[]): Promise<TeacherAttendanceRow[]> {
    if (teacherIds.length === 0 || dates.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(teacherAttendance)
      .where(and(live(tenantId), inArray(teacherAttendance.teacherId, teacherIds), inArray(teacherAttendance.date, dates)))
      .for('update');
  },
  async latestTombstone(db: Db, tenantId: string, teacherId: string, date: string): Promise<TeacherAttendanceRow | undefined> {
    const [row] = await db
      .select()
      .from(teacherAttendance)
      .where(
        and(
          eq(teacherAttendance.tenantId, tenantId),
          eq(teacherAttendance.teacherId, teacherId),
          eq(teacherAttendance.date, date),
          isNotNull(teacherAttendance.deletedAt),
        ),
      )
      .orderBy(desc(teacherAttendance.rev))
      .limit(1);
    return row;
  },
  insertMany(db: Db, rows: NewTeacherAttendance[]): Promise<TeacherAttendanceRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db.insert(teacherAttendance).values(rows).onConflictDoNothing().returning();
  },
  async update(
    db: Db,
    tenantId: string,
    id: string,
    values: Pick<NewTeacherAttendance, 'status' | 'leaveType' | 'remark' | 'markedBy' | 'deviceMarkedAt'>,
  ): Promise<TeacherAttendanceRow | undefined> {
    const [row] = await db.update(teacherAttendance).set(values).where(and(live(tenantId), eq(teacherAttendance.id, id))).returning();
    return row;
  },
  /** Live records between the dates (both included), optionally of one teacher. */
  between(db: Db, tenantId: string, from: string, to: string, teacherId?: string): Promise<TeacherAttendanceRow[]> {
    return db
      .select()
      .from(teacherAttendance)
      .where(
        and(
          live(tenantId),
          gte(teacherAttendance.date, from),
          lte(teacherAttendance.date, to),
          teacherId ? eq(teacherAttendance.teacherId, teacherId) : undefined,
        ),
      )
      .orderBy(asc(teacherAttendance.date));
  },
  /** The school-wide holidays overlapping the dates (events of kind holiday for the whole school). */
  holidays(db: Db, tenantId: string, from: string, to: string): Promise<{ title: string; startDate: string; endDate: string }[]> {
    return db
      .select({ title: events.title, startDate: events.startDate, endDate: events.endDate })
      .from(events)
      .where(
        and(
          eq(events.tenantId, tenantId),
          eq(events.kind, 'holiday'),
          eq(events.audienceKind, 'school'),
          isNull(events.deletedAt),
          lte(events.startDate, to),
          gte(events.endDate, from),
        ),
      )
      .orderBy(asc(events.startDate));
  },
};
