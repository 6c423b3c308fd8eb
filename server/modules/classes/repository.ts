/** Data access for classes; every function takes the tenant and reads only live (not deleted) rows. */
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { ClassSearchColumn, SchoolClass } from '../../../contract/class';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { escapeLike, toPage, totalCount } from '../../db/paging';
import { preparedOn } from '../../db/prepared';
import { classes, students } from '../../db/core-tables';

const selection = {
  id: classes.id,
  className: classes.className,
  classSection: classes.classSection,
  classTeacherId: classes.classTeacherId,
  rev: classes.rev,
};

const live = (tenantId: string) => and(eq(classes.tenantId, tenantId), isNull(classes.deletedAt));
const ordering = [asc(classes.className), asc(classes.classSection), asc(classes.id)];

const searchColumns: Record<ClassSearchColumn, AnyPgColumn> = {
  className: classes.className,
  classSection: classes.classSection,
};

const countOf = async (db: Db, where: SQL | undefined) => (await db.select({ value: count() }).from(classes).where(where))[0]?.value ?? 0;

function page(db: Db, where: SQL | undefined, query: PageQuery): Promise<Page<SchoolClass>> {
  return toPage(
    query,
    () => countOf(db, where),
    (limit, offset) =>
      db
        .select({ ...selection, total: totalCount })
        .from(classes)
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset),
  );
}

/** The list as the classes screen first opens it, unsearched. */
const livePage = preparedOn((db) =>
  db
    .select({ ...selection, total: totalCount })
    .from(classes)
    .where(and(eq(classes.tenantId, sql.placeholder('tenantId')), isNull(classes.deletedAt)))
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('classes_live_page'),
);

export const classRepository = {
  all(db: Db, tenantId: string): Promise<SchoolClass[]> {
    return db.select(selection).from(classes).where(live(tenantId)).orderBy(...ordering);
  },

  async one(db: Db, tenantId: string, id: string): Promise<SchoolClass | undefined> {
    const [row] = await db.select(selection).from(classes).where(and(live(tenantId), eq(classes.id, id)));
    return row;
  },

  page(db: Db, tenantId: string, query: PageQuery) {
    return toPage(
      query,
      () => countOf(db, live(tenantId)),
      (limit, offset) => livePage(db).execute({ tenantId, limit, offset }),
    );
  },

  search(db: Db, tenantId: string, column: ClassSearchColumn, value: string, query: PageQuery) {
    return page(db, and(live(tenantId), ilike(searchColumns[column], `%${escapeLike(value)}%`)), query);
  },

  async insert(db: Db, tenantId: string, row: { id: string; className: string; classSection: string }) {
    const [created] = await db
      .insert(classes)
      .values({ ...row, tenantId })
      .onConflictDoNothing()
      .returning(selection);
    return created;
  },

  async update(db: Db, tenantId: string, id: string, values: { className: string; classSection: string }) {
    const [updated] = await db
      .update(classes)
      .set(values)
      .where(and(live(tenantId), eq(classes.id, id)))
      .returning(selection);
    return updated;
  },

  async softDelete(db: Db, tenantId: string, id: string): Promise<boolean> {
    const deleted = await db
      .update(classes)
      .set({ deletedAt: sql`now()` })
      .where(and(live(tenantId), eq(classes.id, id)))
      .returning({ id: classes.id });
    return deleted.length > 0;
  },

  /** How many live students the class has. */
  async enrolledCount(db: Db, tenantId: string, classId: string): Promise<number> {
    const [enrolled] = await db
      .select({ value: count() })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), eq(students.classId, classId), isNull(students.deletedAt)));
    return enrolled?.value ?? 0;
  },

  async nameTaken(db: Db, tenantId: string, className: string, classSection: string, exceptId?: string) {
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          live(tenantId),
          sql`lower(${classes.className}) = lower(${className})`,
          sql`lower(${classes.classSection}) = lower(${classSection})`,
          exceptId ? sql`${classes.id} <> ${exceptId}` : undefined,
        ),
      );
    return row !== undefined;
  },
};
