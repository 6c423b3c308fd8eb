/** Data access for teacher records; every function takes the tenant and reads only live rows. */
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Teacher, TeacherSearchColumn, TeacherValues } from '../../../contract/teacher';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { preparedOn } from '../../db/prepared';
import { classSubjects, classes, teachers } from '../../db/core-tables';

export type TeacherFields = Omit<TeacherValues, 'id' | 'baseRev'>;
export type TeacherRow = typeof teachers.$inferSelect;

const selection = {
  id: teachers.id,
  employeeId: teachers.employeeId,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
  emailId: teachers.emailId,
  phoneNumber: teachers.phoneNumber,
  address: teachers.address,
  dateOfBirth: teachers.dateOfBirth,
  gender: teachers.gender,
  subjects: teachers.subjects,
  rev: teachers.rev,
};

const searchColumns: Record<TeacherSearchColumn, AnyPgColumn | SQL> = {
  employeeId: teachers.employeeId,
  name: sql`(${teachers.firstName} || ' ' || ${teachers.lastName})`,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
  emailId: teachers.emailId,
  phoneNumber: teachers.phoneNumber,
  subjects: teachers.subjects,
};

const live = (tenantId: string) => and(eq(teachers.tenantId, tenantId), isNull(teachers.deletedAt));
const ordering = [asc(teachers.firstName), asc(teachers.lastName), asc(teachers.id)];

function list(db: Db, where: SQL | undefined, query: PageQuery): Promise<Page<Teacher>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(teachers).where(where))[0]?.value ?? 0,
    (limit, offset) => db.select({ ...selection, total: totalCount }).from(teachers).where(where).orderBy(...ordering).limit(limit).offset(offset),
  );
}

/** The list as the teachers screen first opens it, unsearched (db/prepared.ts). */
const livePage = preparedOn((db) =>
  db
    .select({ ...selection, total: totalCount })
    .from(teachers)
    .where(and(eq(teachers.tenantId, sql.placeholder('tenantId')), isNull(teachers.deletedAt)))
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('teachers_live_page'),
);

export const teacherRepository = {
  all(db: Db, tenantId: string): Promise<Teacher[]> {
    return db.select(selection).from(teachers).where(live(tenantId)).orderBy(...ordering);
  },
  page(db: Db, tenantId: string, query: PageQuery) {
    return toPage(
      query,
      async () => (await db.select({ value: count() }).from(teachers).where(live(tenantId)))[0]?.value ?? 0,
      (limit, offset) => livePage(db).execute({ tenantId, limit, offset }),
    );
  },
  search(db: Db, tenantId: string, column: TeacherSearchColumn, value: string, query: PageQuery) {
    return list(db, and(live(tenantId), ilike(searchColumns[column], containsPattern(value))), query);
  },
  async one(db: Db, tenantId: string, id: string): Promise<Teacher | undefined> {
    const [row] = await db.select(selection).from(teachers).where(and(live(tenantId), eq(teachers.id, id)));
    return row;
  },
  async rowForUpdate(db: Db, tenantId: string, id: string): Promise<TeacherRow | undefined> {
    const [row] = await db.select().from(teachers).where(and(live(tenantId), eq(teachers.id, id))).for('update');
    return row;
  },
  /** 'employeeId' or 'emailId' when another live teacher already has it. */
  async clash(db: Db, tenantId: string, fields: Pick<TeacherFields, 'employeeId' | 'emailId'>, exceptId?: string) {
    const other = exceptId ? sql`${teachers.id} <> ${exceptId}` : undefined;
    if (fields.employeeId) {
      const [row] = await db.select({ id: teachers.id }).from(teachers).where(and(live(tenantId), eq(teachers.employeeId, fields.employeeId), other));
      if (row) return 'employeeId' as const;
    }
    if (fields.emailId) {
      const [row] = await db
        .select({ id: teachers.id })
        .from(teachers)
        .where(and(live(tenantId), sql`lower(${teachers.emailId}) = ${fields.emailId.toLowerCase()}`, other));
      if (row) return 'emailId' as const;
    }
    return undefined;
  },
  async insert(db: Db, tenantId: string, id: string, fields: TeacherFields): Promise<void> {
    await db.insert(teachers).values({ ...fields, id, tenantId });
  },
  async update(db: Db, tenantId: string, id: string, fields: Partial<TeacherFields>): Promise<void> {
    await db.update(teachers).set(fields).where(and(live(tenantId), eq(teachers.id, id)));
  },
  /** Tombstones the teacher and takes them off their classes and subjects (those rows change too). */
  async softDelete(db: Db, tenantId: string, id: string): Promise<boolean> {
    const deleted = await db
      .update(teachers)
      .set({ deletedAt: sql`now()` })
      .where(and(live(tenantId), eq(teachers.id, id)))
      .returning({ id: teachers.id });
    if (deleted.length === 0) return false;
    await db
      .update(classes)
      .set({ classTeacherId: null })
      .where(and(eq(classes.tenantId, tenantId), eq(classes.classTeacherId, id)));
    await db
      .update(classSubjects)
      .set({ teacherId: null })
      .where(and(eq(classSubjects.tenantId, tenantId), eq(classSubjects.teacherId, id)));
    return true;
  },
};
