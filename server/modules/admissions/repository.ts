/** Data access for the admission register, with the admitted class and the student as now. */
import { and, count, desc, eq, ilike, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { academicYearLabel, type Admission, type AdmissionSearchColumn, type AdmissionStatus } from '../../../contract/admission';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { School } from '../../../contract/school';
import type { Student } from '../../../contract/student';
import type { Db } from '../../db/client';
import { keptJson } from '../../db/kept-json';
import { liveCount } from '../../db/live-counts';
import { preparedPages } from '../../db/prepared';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { classes, students } from '../../db/core-tables';
import { admissions } from './tables';
import { studentColumns, studentRepository, withSchool } from '../students/repository';

const selection = {
  id: admissions.id,
  admissionNumber: admissions.admissionNumber,
  admissionYear: admissions.admissionYear,
  admissionSeq: admissions.admissionSeq,
  admissionDate: admissions.admissionDate,
  status: admissions.status,
  withdrawnOn: admissions.withdrawnOn,
  withdrawalReason: admissions.withdrawalReason,
  classId: admissions.classId,
  className: classes.className,
  classSection: classes.classSection,
  previousSchool: admissions.previousSchool,
  remarks: admissions.remarks,
  studentId: admissions.studentId,
  rev: admissions.rev,
};
type Row = Omit<Admission, 'academicYear' | 'student'>;

const searchColumns: Record<AdmissionSearchColumn, AnyPgColumn | SQL> = {
  admissionNumber: admissions.admissionNumber,
  name: sql`(${students.firstName} || ' ' || ${students.lastName})`,
  firstName: students.firstName,
  lastName: students.lastName,
  className: classes.className,
  status: admissions.status,
  previousSchool: admissions.previousSchool,
};

export interface AdmissionFilter {
  year?: number;
  status?: AdmissionStatus;
}

const ordering = [desc(admissions.admissionYear), desc(admissions.admissionSeq)];

function base(db: Db) {
  return db
    .select(selection)
    .from(admissions)
    .leftJoin(classes, and(eq(classes.tenantId, admissions.tenantId), eq(classes.id, admissions.classId)))
    .leftJoin(students, and(eq(students.tenantId, admissions.tenantId), eq(students.id, admissions.studentId)));
}

/**
 * As base, with the size of the whole filtered set on each row (db/paging.ts): the register's kept
 * count for the whole register (db/live-counts.ts), else the window's.
 */
function counted(db: Db, tenantId: string | Placeholder, whole: boolean) {
  return db
    .select({
      ...selection,
      total: whole ? liveCount(tenantId, 'admissions') : totalCount,
      // The student as now, in the same query (withStudents' record; null once deleted).
      student: studentFields,
      studentLive: sql<boolean>`(${students.id} is not null and ${students.deletedAt} is null)`,
      key: admissionKey,
    })
    .from(admissions)
    .leftJoin(classes, and(eq(classes.tenantId, admissions.tenantId), eq(classes.id, admissions.classId)))
    .leftJoin(students, and(eq(students.tenantId, admissions.tenantId), eq(students.id, admissions.studentId)))
    .leftJoin(studentClass, and(eq(studentClass.tenantId, students.tenantId), eq(studentClass.id, students.classId)));
}

/** The student's class, joined beside the admitted class. */
const studentClass = alias(classes, 'student_class');
const studentFields = studentColumns(studentClass.className, studentClass.classSection);

/**
 * What an entry's answer is made of, as a key (db/kept-json.ts): the revs of its row, its admitted
 * class, its student and the student's class ('-' for a row not there). Migration 0007 moves an
 * entry's rev when its student or a class's name changes; the key does not rely on that.
 */
const admissionKey = sql<string>`(${admissions.rev}::text || '.' || coalesce(${classes.rev}::text, '-') || '.' || coalesce(${students.rev}::text, '-')
  || '.' || coalesce(${studentClass.rev}::text, '-'))`;

/** The whole register's page as ids and keys, with its kept count: what the kept texts are looked up by. */
const registerPageKeys = preparedPages((db, bounds) =>
  db
    .select({ id: admissions.id, rev: admissionKey, total: liveCount(sql.placeholder('tenantId'), 'admissions') })
    .from(admissions)
    .leftJoin(classes, and(eq(classes.tenantId, admissions.tenantId), eq(classes.id, admissions.classId)))
    .leftJoin(students, and(eq(students.tenantId, admissions.tenantId), eq(students.id, admissions.studentId)))
    .leftJoin(studentClass, and(eq(studentClass.tenantId, students.tenantId), eq(studentClass.id, students.classId)))
    .where(eq(admissions.tenantId, sql.placeholder('tenantId')))
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('admissions_register_page_keys')),
);

/** Entries as the register's page answers them, by school, name, id and key (db/kept-json.ts). */
const keptAdmissions = keptJson({ texts: 4096, pages: 64 });

/** A page's row as the record: the academic year, the student as now (null once deleted). */
function entryOf(schoolName: string) {
  return ({ student, studentLive, key: _key, ...row }: Omit<Awaited<ReturnType<ReturnType<typeof counted>['execute']>>[number], 'total'>): Admission => ({
    ...row,
    academicYear: academicYearLabel(row.admissionYear),
    // The left join types every column nullable; a live student's row has its own not-null ones.
    student: studentLive ? withSchool(schoolName)(student as Omit<Student, 'schoolName'>) : null,
  });
}

function filtered(tenantId: string, filter: AdmissionFilter) {
  return and(
    eq(admissions.tenantId, tenantId),
    filter.year !== undefined ? eq(admissions.admissionYear, filter.year) : undefined,
    filter.status ? eq(admissions.status, filter.status) : undefined,
  );
}

/** Attaches the live student records (null for a deleted student). */
async function withStudents(db: Db, school: School, rows: Row[]): Promise<Admission[]> {
  const found = await studentRepository.byIds(db, school.tenantId, school.schoolName, [...new Set(rows.map((row) => row.studentId))]);
  const byId = new Map(found.map((student) => [student.id, student]));
  return rows.map((row) => ({ ...row, academicYear: academicYearLabel(row.admissionYear), student: byId.get(row.studentId) ?? null }));
}

/** The whole register as the admissions screen first opens it, planned once (db/prepared.ts). */
const registerPage = preparedPages((db, bounds) =>
  counted(db, sql.placeholder('tenantId'), true)
    .where(eq(admissions.tenantId, sql.placeholder('tenantId')))
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('admissions_register_page')),
);

async function list(db: Db, school: School, where: SQL | undefined, query: PageQuery, whole = false): Promise<Page<Admission>> {
  return toPage(
    query,
    async () =>
      (
        await db
          .select({ value: count() })
          .from(admissions)
          .leftJoin(classes, and(eq(classes.tenantId, admissions.tenantId), eq(classes.id, admissions.classId)))
          .leftJoin(students, and(eq(students.tenantId, admissions.tenantId), eq(students.id, admissions.studentId)))
          .where(where)
      )[0]?.value ?? 0,
    (limit, offset) =>
      whole
        ? registerPage(db, limit, offset).execute({ tenantId: school.tenantId, limit, offset })
        : counted(db, school.tenantId, false).where(where).orderBy(...ordering).limit(limit).offset(offset),
    (rows) => rows.map(entryOf(school.schoolName)),
  );
}

export const admissionRepository = {
  async all(db: Db, school: School, filter: AdmissionFilter): Promise<Admission[]> {
    return withStudents(db, school, await base(db).where(filtered(school.tenantId, filter)).orderBy(...ordering));
  },
  /**
   * The whole register's page as the `data` of the answer, in JSON, from the entries' kept texts:
   * the page reads its rows' ids and keys and reads whole rows only for an entry not kept.
   */
  registerPageJson(db: Db, school: School, query: PageQuery): Promise<string> {
    const { tenantId, schoolName } = school;
    return keptAdmissions(db, `${tenantId}/${schoolName}`, query, {
      total: async () => (await db.select({ value: count() }).from(admissions).where(eq(admissions.tenantId, tenantId)))[0]?.value ?? 0,
      keys: (limit, offset) => registerPageKeys(db, limit, offset).execute({ tenantId, limit, offset }),
      rows: (limit, offset) => registerPage(db, limit, offset).execute({ tenantId, limit, offset }),
      key: ({ id, key }) => ({ id, rev: key }),
      text: ({ total: _total, ...row }) => JSON.stringify(entryOf(schoolName)(row)),
    });
  },
  page(db: Db, school: School, query: PageQuery, filter: AdmissionFilter) {
    return list(db, school, filtered(school.tenantId, filter), query, filter.year === undefined && !filter.status);
  },
  search(db: Db, school: School, column: AdmissionSearchColumn, value: string, query: PageQuery) {
    return list(db, school, and(eq(admissions.tenantId, school.tenantId), ilike(searchColumns[column], containsPattern(value))), query);
  },
  async one(db: Db, school: School, id: string): Promise<Admission | undefined> {
    const rows = await base(db).where(and(eq(admissions.tenantId, school.tenantId), eq(admissions.id, id)));
    return (await withStudents(db, school, rows))[0];
  },
  /** The entries among the ids, as the read endpoints return them (sync/pull). */
  async byIds(db: Db, school: School, ids: string[]): Promise<Admission[]> {
    if (ids.length === 0) return [];
    return withStudents(db, school, await base(db).where(and(eq(admissions.tenantId, school.tenantId), inArray(admissions.id, ids))));
  },
  async byNumber(db: Db, school: School, admissionNumber: string): Promise<Admission | undefined> {
    const rows = await base(db).where(and(eq(admissions.tenantId, school.tenantId), eq(admissions.admissionNumber, admissionNumber)));
    return (await withStudents(db, school, rows))[0];
  },
  async rowForUpdate(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .select()
      .from(admissions)
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.id, id)))
      .for('update');
    return row;
  },
};
