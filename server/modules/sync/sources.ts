/**
 * The tables sync/pull reads, one source per mirror entity: which rows a scope covers and how a
 * row travels as a record. A module that joins sync adds its source here.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { attendance, classes, students, teachers } from '../../db/schema';
import { toAttendanceRecord } from '../attendance/records';
import type { Position } from './cursor';
import type { SyncScope } from './scope';

export interface ChangeRow {
  entity: SyncEntity;
  id: string;
  rev: number;
  txid: string;
  deleted: boolean;
  record: unknown;
}

export interface PageWindow {
  tenantId: string;
  after: Position;
  /** Only transactions older than this (the oldest still running) are handed out. */
  fence: string;
  /** Tombstones of transactions before this are left out (a pull from empty needs none). */
  skipTombstonesBefore: string | null;
  limit: number;
}

interface SyncedColumns {
  id: PgColumn;
  tenantId: PgColumn;
  rev: PgColumn;
  txid: PgColumn;
  deletedAt: PgColumn;
}

interface Source<T extends PgTable & SyncedColumns> {
  entity: SyncEntity;
  table: T;
  /** The scope's rows of this table; undefined when the scope covers none. */
  where(scope: SyncScope): SQL | undefined | 'none';
  record(row: T['$inferSelect']): unknown;
}

function source<T extends PgTable & SyncedColumns>(definition: Source<T>): Source<T> {
  return definition;
}

const classesSource = source({
  entity: 'classes',
  table: classes,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? inArray(classes.id, scope.classIds) : 'none'),
  record: (row) => ({
    id: row.id,
    className: row.className,
    classSection: row.classSection,
    classTeacherId: row.classTeacherId,
    rev: row.rev,
  }),
});

const studentsSource = source({
  entity: 'students',
  table: students,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? inArray(students.id, scope.studentIds) : 'none'),
  record: (row) => ({
    id: row.id,
    admissionId: row.admissionId,
    firstName: row.firstName,
    lastName: row.lastName,
    emailId: row.emailId,
    rollNumber: row.rollNumber,
    phoneNumber: row.phoneNumber,
    classId: row.classId,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    fatherName: row.fatherName,
    motherName: row.motherName,
    parentEmail: row.parentEmail,
    alternateNumber: row.alternateNumber,
    address: row.address,
    aadhaarId: row.aadhaarId,
    apaarId: row.apaarId,
    rev: row.rev,
  }),
});

const teachersSource = source({
  entity: 'teachers',
  table: teachers,
  where: (scope) => (scope.school ? undefined : 'none'),
  record: (row) => ({
    id: row.id,
    employeeId: row.employeeId,
    firstName: row.firstName,
    lastName: row.lastName,
    emailId: row.emailId,
    phoneNumber: row.phoneNumber,
    address: row.address,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    subjects: row.subjects,
    rev: row.rev,
  }),
});

const attendanceSource = source({
  entity: 'attendance',
  table: attendance,
  where: (scope) =>
    scope.school ? undefined : scope.studentIds.length ? inArray(attendance.studentId, scope.studentIds) : 'none',
  record: toAttendanceRecord,
});

const sources = [classesSource, studentsSource, teachersSource, attendanceSource] as const;

async function readSource<T extends PgTable & SyncedColumns>(
  db: Db,
  src: Source<T>,
  scope: SyncScope,
  window: PageWindow,
): Promise<ChangeRow[]> {
  const scoped = src.where(scope);
  if (scoped === 'none') return [];
  const t = src.table;
  const rows = await db
    .select()
    .from(t as PgTable)
    .where(
      and(
        eq(t.tenantId, window.tenantId),
        scoped,
        sql`(${t.txid}, ${t.rev}) > (${window.after.txid}::xid8, ${window.after.rev}::bigint)`,
        sql`${t.txid} < ${window.fence}::xid8`,
        window.skipTombstonesBefore
          ? or(isNull(t.deletedAt), sql`${t.txid} >= ${window.skipTombstonesBefore}::xid8`)
          : undefined,
      ),
    )
    .orderBy(asc(t.txid), asc(t.rev))
    .limit(window.limit + 1);
  return (rows as T['$inferSelect'][]).map((row) => {
    const synced = row as { id: string; rev: number; txid: string; deletedAt: Date | null };
    return {
      entity: src.entity,
      id: synced.id,
      rev: Number(synced.rev),
      txid: String(synced.txid),
      deleted: synced.deletedAt !== null,
      record: synced.deletedAt === null ? src.record(row) : undefined,
    };
  });
}

/** Up to limit + 1 changes after the window's position, in (txid, rev) order across all sources. */
export async function readChanges(db: Db, scope: SyncScope, window: PageWindow): Promise<ChangeRow[]> {
  const all: ChangeRow[] = [];
  for (const src of sources) all.push(...(await readSource(db, src as Source<PgTable & SyncedColumns>, scope, window)));
  all.sort((a, b) => {
    const ax = BigInt(a.txid);
    const bx = BigInt(b.txid);
    return ax === bx ? a.rev - b.rev : ax < bx ? -1 : 1;
  });
  return all.slice(0, window.limit + 1);
}
