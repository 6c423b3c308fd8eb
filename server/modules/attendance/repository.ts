/** Data access for attendance; every function takes the tenant. */
import { and, asc, between, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { arrayParam, type PlainArrayType } from '../../db/array-param';
import type { Db } from '../../db/client';
import { classes, students } from '../../db/core-tables';
import { attendance } from './tables';
import type { AttendanceRow } from './records';

export type NewAttendance = typeof attendance.$inferInsert;

const liveRecord = (tenantId: string) => and(eq(attendance.tenantId, tenantId), isNull(attendance.deletedAt));

const rollOrder = [
  sql`case when ${students.rollNumber} ~ '^[0-9]{1,9}$' then ${students.rollNumber}::int end asc nulls last`,
  asc(students.rollNumber),
  asc(students.firstName),
  asc(students.lastName),
  asc(students.id),
];

export const studentSummary = {
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  rollNumber: students.rollNumber,
  admissionId: students.admissionId,
};

export const attendanceRepository = {
  async liveClass(db: Db, tenantId: string, classId: string) {
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
    return row;
  },

  liveClasses(db: Db, tenantId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), anyOf(classes.id, ids, 'uuid'), isNull(classes.deletedAt)));
  },

  async liveStudent(db: Db, tenantId: string, studentId: string) {
    const [row] = await db
      .select({ id: students.id, classId: students.classId })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
    return row;
  },

  /** Live students among `ids`, with their class. */
  liveStudents(db: Db, tenantId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: students.id, classId: students.classId })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), anyOf(students.id, ids, 'uuid'), isNull(students.deletedAt)));
  },

  /** The class's live students in roll-number order. */
  studentsByIds(db: Db, tenantId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select(studentSummary)
      .from(students)
      .where(and(eq(students.tenantId, tenantId), inArray(students.id, ids)))
      .orderBy(...rollOrder);
  },

  /** The live records of these students on these dates (every pair of the two lists), locked. */
  lockLiveRecordsOn(db: Db, tenantId: string, studentIds: string[], dates: string[]): Promise<AttendanceRow[]> {
    if (studentIds.length === 0 || dates.length === 0) return Promise.resolve([]);
    const onDates = dates.length === 1 ? eq(attendance.date, dates[0]!) : anyOf(attendance.date, dates, 'date');
    return db
      .select()
      .from(attendance)
      .where(and(liveRecord(tenantId), anyOf(attendance.studentId, studentIds, 'uuid'), onDates))
      .for('update');
  },

  liveRecords(db: Db, tenantId: string, studentIds: string[], date: string): Promise<AttendanceRow[]> {
    if (studentIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(attendance)
      .where(and(liveRecord(tenantId), inArray(attendance.studentId, studentIds), eq(attendance.date, date)));
  },

  /** The newest tombstone of a student's date, if the school still keeps one. */
  async latestTombstone(db: Db, tenantId: string, studentId: string, date: string) {
    const [row] = await db
      .select()
      .from(attendance)
      .where(
        and(
          eq(attendance.tenantId, tenantId),
          eq(attendance.studentId, studentId),
          eq(attendance.date, date),
          isNotNull(attendance.deletedAt),
        ),
      )
      .orderBy(desc(attendance.rev))
      .limit(1);
    return row;
  },

  /** Inserts what it can; rows whose student and date (or id) are taken meanwhile are skipped. */
  /**
   * Inserts many records in one statement of nine array parameters (unnest), whatever the count:
   * a sheet of 30 as `values` rows was 420 parameters, which Drizzle builds and the driver sends one
   * by one (most of a sheet's server time in the 9 am burst), and a backlog's run of sheets would
   * pass PostgreSQL's 65,535. A row whose key is already taken is skipped (not returned).
   */
  insertMany(db: Db, rows: NewAttendance[]): Promise<AttendanceRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    const list = <T>(pick: (row: NewAttendance) => T) => sql.param(rows.map(pick));
    const plain = (pick: (row: NewAttendance) => string | null, type: PlainArrayType) => arrayParam(rows.map(pick), type);
    return db
      .insert(attendance)
      .select(
        sql`select v.id, v.tenant_id, v.student_id, v.class_id, v.date, v.status, v.remark, v.marked_by, v.device_marked_at,
          nextval('kaksha_rev_seq'), pg_current_xact_id(), now(), now(), null::timestamptz
        from unnest(
          ${plain((row) => row.id ?? null, 'uuid')}, ${list((row) => row.tenantId)}::text[], ${plain((row) => row.studentId, 'uuid')},
          ${plain((row) => row.classId, 'uuid')}, ${plain((row) => row.date, 'date')}, ${list((row) => row.status)}::text[],
          ${list((row) => row.remark ?? '')}::text[], ${plain((row) => row.markedBy, 'uuid')},
          ${plain((row) => (row.deviceMarkedAt ? new Date(row.deviceMarkedAt).toISOString() : null), 'timestamptz')}
        ) as v(id, tenant_id, student_id, class_id, date, status, remark, marked_by, device_marked_at)`,
      )
      .onConflictDoNothing()
      .returning();
  },

  async update(
    db: Db,
    tenantId: string,
    id: string,
    values: Pick<NewAttendance, 'status' | 'remark' | 'classId' | 'markedBy' | 'deviceMarkedAt'>,
  ): Promise<AttendanceRow | undefined> {
    const [row] = await db
      .update(attendance)
      .set(values)
      .where(and(liveRecord(tenantId), eq(attendance.id, id)))
      .returning();
    return row;
  },

  async liveById(db: Db, tenantId: string, id: string): Promise<AttendanceRow | undefined> {
    const [row] = await db
      .select()
      .from(attendance)
      .where(and(liveRecord(tenantId), eq(attendance.id, id)))
      .for('update');
    return row;
  },

  async softDelete(db: Db, tenantId: string, id: string): Promise<AttendanceRow | undefined> {
    const [row] = await db
      .update(attendance)
      .set({ deletedAt: sql`now()` })
      .where(and(liveRecord(tenantId), eq(attendance.id, id)))
      .returning();
    return row;
  },

  studentRange(db: Db, tenantId: string, studentId: string, from: string, to: string): Promise<AttendanceRow[]> {
    return db
      .select()
      .from(attendance)
      .where(and(liveRecord(tenantId), eq(attendance.studentId, studentId), between(attendance.date, from, to)))
      .orderBy(asc(attendance.date));
  },

  classRange(db: Db, tenantId: string, classId: string, from: string, to: string): Promise<AttendanceRow[]> {
    return db
      .select()
      .from(attendance)
      .where(and(liveRecord(tenantId), eq(attendance.classId, classId), between(attendance.date, from, to)))
      .orderBy(asc(attendance.date));
  },
};
