/**
 * The tables sync/pull reads, one source per mirror entity: which rows a scope covers and how a
 * row travels as a record (as the entity's read endpoints return it). A module that joins sync
 * adds its source here.
 *
 * Records with parts from other tables (a mapping's class, subject and teacher names; an
 * admission's class and nested student) travel again when such a part changes: triggers of
 * migration 0007 touch the dependent rows, which takes them a new rev and txid.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { admissions, attendance, certificates, classSubjects, classes, schools, students, subjects, teachers } from '../../db/schema';
import { admissionRepository } from '../admissions/repository';
import { toAttendanceRecord } from '../attendance/records';
import { toCertificate } from '../certificates/routes';
import { classSubjectRepository } from '../class-subjects/repository';
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
  /** The scope's rows of this table: undefined for all of the school's, 'none' when it covers none. */
  where(scope: SyncScope): SQL | undefined | 'none';
  /** The records of the live rows of a page, by id (a record joined from other tables is read here). */
  records(db: Db, tenantId: string, rows: T['$inferSelect'][]): Promise<Map<string, unknown>>;
}

/** For a record made from its own row alone. */
function each<R extends { id: string }>(record: (row: R) => unknown) {
  return (_db: Db, _tenantId: string, rows: R[]) => Promise.resolve(new Map(rows.map((row) => [row.id, record(row)])));
}

function byId<R extends { id: string }>(records: R[]): Map<string, unknown> {
  return new Map(records.map((record) => [record.id, record]));
}

function source<T extends PgTable & SyncedColumns>(definition: Source<T>): Source<T> {
  return definition;
}

const classesSource = source({
  entity: 'classes',
  table: classes,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? inArray(classes.id, scope.classIds) : 'none'),
  records: each((row) => ({
    id: row.id,
    className: row.className,
    classSection: row.classSection,
    classTeacherId: row.classTeacherId,
    rev: row.rev,
  })),
});

const studentsSource = source({
  entity: 'students',
  table: students,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? inArray(students.id, scope.studentIds) : 'none'),
  records: each((row) => ({
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
  })),
});

const teachersSource = source({
  entity: 'teachers',
  table: teachers,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: each((row) => ({
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
  })),
});

const attendanceSource = source({
  entity: 'attendance',
  table: attendance,
  where: (scope) =>
    scope.school ? undefined : scope.studentIds.length ? inArray(attendance.studentId, scope.studentIds) : 'none',
  records: each(toAttendanceRecord),
});

/**
 * Family: the subjects ever mapped to their classes (a removed mapping keeps the subject in scope,
 * so its later delete still reaches the device). A new mapping touches its subject (0007), so a
 * subject already synced elsewhere reaches a family that only now may see it.
 */
const subjectsSource = source({
  entity: 'subjects',
  table: subjects,
  where: (scope) =>
    scope.school
      ? undefined
      : scope.classIds.length
        ? sql`exists (select 1 from ${classSubjects} where ${classSubjects.tenantId} = ${subjects.tenantId}
            and ${classSubjects.subjectId} = ${subjects.id} and ${inArray(classSubjects.classId, scope.classIds)})`
        : 'none',
  records: each((row) => ({ id: row.id, subjectName: row.subjectName, subjectCode: row.subjectCode, rev: row.rev })),
});

/** Family: the mappings of their classes (a parent sees which teacher teaches what). */
const classSubjectsSource = source({
  entity: 'classSubjects',
  table: classSubjects,
  where: (scope) =>
    scope.school ? undefined : scope.classIds.length ? inArray(classSubjects.classId, scope.classIds) : 'none',
  records: async (db, tenantId, rows) => byId(await classSubjectRepository.byIds(db, tenantId, rows.map((row) => row.id))),
});

/** Staff only: the register and its nested student, as GET /admissions/{id} returns them. */
const admissionsSource = source({
  entity: 'admissions',
  table: admissions,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: async (db, tenantId, rows) => {
    if (rows.length === 0) return new Map();
    const [school] = await db
      .select({ tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId })
      .from(schools)
      .where(eq(schools.tenantId, tenantId));
    if (!school) return new Map();
    return byId(await admissionRepository.byIds(db, school, rows.map((row) => row.id)));
  },
});

/** Staff only: the issue register with the frozen print data (a reprint offline shows the same page). */
const certificatesSource = source({
  entity: 'certificates',
  table: certificates,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: each(toCertificate),
});

const sources = [
  classesSource,
  studentsSource,
  teachersSource,
  attendanceSource,
  subjectsSource,
  classSubjectsSource,
  admissionsSource,
  certificatesSource,
] as const;

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
  const typed = rows as T['$inferSelect'][];
  const synced = (row: T['$inferSelect']) => row as { id: string; rev: number; txid: string; deletedAt: Date | null };
  const records = await src.records(db, window.tenantId, typed.filter((row) => synced(row).deletedAt === null));
  return typed.map((row) => {
    const { id, rev, txid, deletedAt } = synced(row);
    const record = deletedAt === null ? records.get(id) : undefined;
    return { entity: src.entity, id, rev: Number(rev), txid: String(txid), deleted: deletedAt !== null || record === undefined, record };
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
