/** Data access for students; every function takes the tenant and reads only live (not deleted) rows. */
import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Student, StudentSearchColumn, StudentValues } from '../../../contract/student';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { liveCount } from '../../db/live-counts';
import { keptJson } from '../../db/kept-json';
import { preparedPages } from '../../db/prepared';
import { classes, students } from '../../db/core-tables';

export type StudentRow = typeof students.$inferSelect;
/** What a write sets: every field of the input, the admission id included. */
export type StudentFields = Omit<StudentValues, 'id' | 'baseRev'>;

/**
 * A student's columns, the class's names from the given columns: the admissions register joins the
 * student's class under a name of its own.
 */
export function studentColumns<N, S>(className: N, classSection: S) {
  return {
    id: students.id,
    admissionId: students.admissionId,
    firstName: students.firstName,
    lastName: students.lastName,
    emailId: students.emailId,
    rollNumber: students.rollNumber,
    phoneNumber: students.phoneNumber,
    classId: students.classId,
    className,
    classSection,
    dateOfBirth: students.dateOfBirth,
    gender: students.gender,
    fatherName: students.fatherName,
    motherName: students.motherName,
    parentEmail: students.parentEmail,
    alternateNumber: students.alternateNumber,
    address: students.address,
    aadhaarId: students.aadhaarId,
    apaarId: students.apaarId,
    rev: students.rev,
  };
}

const selection = studentColumns(classes.className, classes.classSection);

const fullName = sql<string>`(${students.firstName} || ' ' || ${students.lastName})`;

const searchColumns: Record<StudentSearchColumn, AnyPgColumn | SQL> = {
  admissionId: students.admissionId,
  name: fullName,
  firstName: students.firstName,
  lastName: students.lastName,
  className: classes.className,
  classSection: classes.classSection,
  rollNumber: students.rollNumber,
  phoneNumber: students.phoneNumber,
  fatherName: students.fatherName,
  motherName: students.motherName,
  address: students.address,
  emailId: students.emailId,
  parentEmail: students.parentEmail,
  aadhaarId: students.aadhaarId,
  apaarId: students.apaarId,
};

const live = (tenantId: string) => and(eq(students.tenantId, tenantId), isNull(students.deletedAt));
const ordering = [sql`${students.admissionId} asc nulls last`, asc(students.firstName), asc(students.id)];
const classJoin = and(eq(classes.tenantId, students.tenantId), eq(classes.id, students.classId));

/** The record as the API answers it: the row and the school's name. */
export function withSchool(schoolName: string) {
  return (row: Omit<Student, 'schoolName'>): Student => ({ ...row, schoolName });
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(students).leftJoin(classes, classJoin).where(where);
  return total?.value ?? 0;
}

async function list(db: Db, schoolName: string, where: SQL | undefined, query: PageQuery): Promise<Page<Student>> {
  return toPage(
    query,
    () => countOf(db, where),
    (limit, offset) =>
      db
        .select({ ...selection, total: totalCount })
        .from(students)
        .leftJoin(classes, classJoin)
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset),
    (rows) => rows.map(withSchool(schoolName)),
  );
}

/** The list as the students screen first opens it, unsearched, the school's or a class's (db/prepared.ts). */
const pageOf = (name: string, inClass: boolean) =>
  preparedPages((db, bounds) =>
    db
      // The school's page carries its kept count (db/live-counts.ts); a class's is counted apart.
      .select({ ...selection, total: inClass ? sql<undefined>`null` : liveCount(sql.placeholder('tenantId'), 'students') })
      .from(students)
      .leftJoin(classes, classJoin)
      .where(
        and(
          eq(students.tenantId, sql.placeholder('tenantId')),
          isNull(students.deletedAt),
          inClass ? eq(students.classId, sql.placeholder('classId')) : undefined,
        ),
      )
      .orderBy(...ordering)
      .limit(bounds.limit)
      .offset(bounds.offset)
      .prepare(bounds.name(name)),
  );
const schoolPage = pageOf('students_live_page', false);
const classPage = pageOf('students_class_page', true);

/**
 * What a student's answer is made of, as a key (db/kept-json.ts): the row's rev and its class's (a
 * class renamed moves its own rev, not its students'), '-' for a class row not there.
 */
const studentKey = sql<string>`(${students.rev}::text || '.' || coalesce(${classes.rev}::text, '-'))`;

/** The school's page as ids and keys, with its kept count: what the kept texts are looked up by. */
const schoolPageKeys = preparedPages((db, bounds) =>
  db
    .select({ id: students.id, rev: studentKey, total: liveCount(sql.placeholder('tenantId'), 'students') })
    .from(students)
    .leftJoin(classes, classJoin)
    .where(and(eq(students.tenantId, sql.placeholder('tenantId')), isNull(students.deletedAt)))
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('students_live_page_keys')),
);

/** The same page's whole rows, each with its key. */
const schoolPageKeyed = preparedPages((db, bounds) =>
  db
    .select({ ...selection, key: studentKey, total: liveCount(sql.placeholder('tenantId'), 'students') })
    .from(students)
    .leftJoin(classes, classJoin)
    .where(and(eq(students.tenantId, sql.placeholder('tenantId')), isNull(students.deletedAt)))
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('students_live_page_keyed')),
);

/** Students as the school's page answers them, by school, name, id and key (db/kept-json.ts). */
const keptStudents = keptJson({ texts: 4096, pages: 64 });

export const studentRepository = {
  async all(db: Db, tenantId: string, schoolName: string, classId?: string): Promise<Student[]> {
    const rows = await db
      .select(selection)
      .from(students)
      .leftJoin(classes, classJoin)
      .where(and(live(tenantId), classId ? eq(students.classId, classId) : undefined))
      .orderBy(...ordering);
    return rows.map(withSchool(schoolName));
  },

  /**
   * The school's page as the `data` of the answer, in JSON, from the students' kept texts: the page
   * reads its rows' ids and keys and reads whole rows only for a student not kept.
   */
  schoolPageJson(db: Db, tenantId: string, schoolName: string, query: PageQuery): Promise<string> {
    return keptStudents(db, `${tenantId}/${schoolName}`, query, {
      total: async () => (await db.select({ value: count() }).from(students).where(live(tenantId)))[0]?.value ?? 0,
      keys: (limit, offset) => schoolPageKeys(db, limit, offset).execute({ tenantId, limit, offset }),
      rows: (limit, offset) => schoolPageKeyed(db, limit, offset).execute({ tenantId, limit, offset }),
      key: ({ id, key }) => ({ id, rev: key }),
      text: ({ key: _key, total: _total, ...row }) => JSON.stringify(withSchool(schoolName)(row)),
    });
  },

  page(db: Db, tenantId: string, schoolName: string, query: PageQuery, classId?: string) {
    const where = and(live(tenantId), classId ? eq(students.classId, classId) : undefined);
    return toPage(
      query,
      // The page is 20 rows read in the index's order; a class's page is counted apart (paging.ts).
      async () => (await db.select({ value: count() }).from(students).where(where))[0]?.value ?? 0,
      (limit, offset) =>
        classId === undefined
          ? schoolPage(db, limit, offset).execute({ tenantId, limit, offset })
          : classPage(db, limit, offset).execute({ tenantId, classId, limit, offset }),
      (rows) => rows.map(withSchool(schoolName)),
    );
  },

  search(db: Db, tenantId: string, schoolName: string, column: StudentSearchColumn, value: string, query: PageQuery) {
    return list(db, schoolName, and(live(tenantId), ilike(searchColumns[column], containsPattern(value))), query);
  },

  async one(db: Db, tenantId: string, schoolName: string, id: string): Promise<Student | undefined> {
    const [row] = await db
      .select(selection)
      .from(students)
      .leftJoin(classes, classJoin)
      .where(and(live(tenantId), eq(students.id, id)));
    return row ? withSchool(schoolName)(row) : undefined;
  },

  /** The live students among `ids`. */
  async byIds(db: Db, tenantId: string, schoolName: string, ids: string[]): Promise<Student[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select(selection)
      .from(students)
      .leftJoin(classes, classJoin)
      .where(and(live(tenantId), inArray(students.id, ids)));
    return rows.map(withSchool(schoolName));
  },

  /** The stored row, locked for the rest of the transaction. */
  async rowForUpdate(db: Db, tenantId: string, id: string): Promise<StudentRow | undefined> {
    const [row] = await db
      .select()
      .from(students)
      .where(and(live(tenantId), eq(students.id, id)))
      .for('update');
    return row;
  },

  async admissionIdTaken(db: Db, tenantId: string, admissionId: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(live(tenantId), eq(students.admissionId, admissionId), exceptId ? sql`${students.id} <> ${exceptId}` : undefined));
    return row !== undefined;
  },

  async insert(db: Db, tenantId: string, id: string, fields: StudentFields): Promise<void> {
    await db.insert(students).values({ ...fields, id, tenantId });
  },

  async update(db: Db, tenantId: string, id: string, fields: Partial<StudentFields>): Promise<void> {
    await db
      .update(students)
      .set(fields)
      .where(and(live(tenantId), eq(students.id, id)));
  },

  async softDelete(db: Db, tenantId: string, id: string): Promise<boolean> {
    const deleted = await db
      .update(students)
      .set({ deletedAt: sql`now()` })
      .where(and(live(tenantId), eq(students.id, id)))
      .returning({ id: students.id });
    return deleted.length > 0;
  },
};

/** The live class of this school with this id, or undefined. */
export async function liveClass(db: Db, tenantId: string, classId: string) {
  const [row] = await db
    .select({ id: classes.id, className: classes.className, classSection: classes.classSection })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
  return row;
}
