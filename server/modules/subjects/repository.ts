/** Data access for subjects; every function takes the tenant and reads only live (not deleted) rows. */
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Subject, SubjectSearchColumn } from '../../../contract/subject';
import type { Db } from '../../db/client';
import { classSubjects, subjects } from '../../db/core-tables';
import { containsPattern, toPage, totalCount } from '../../db/paging';

const selection = { id: subjects.id, subjectName: subjects.subjectName, subjectCode: subjects.subjectCode, rev: subjects.rev };
const live = (tenantId: string) => and(eq(subjects.tenantId, tenantId), isNull(subjects.deletedAt));
const ordering = [asc(subjects.subjectName), asc(subjects.id)];

function list(db: Db, where: SQL | undefined, query: PageQuery): Promise<Page<Subject>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(subjects).where(where))[0]?.value ?? 0,
    (limit, offset) => db.select({ ...selection, total: totalCount }).from(subjects).where(where).orderBy(...ordering).limit(limit).offset(offset),
  );
}

export const subjectRepository = {
  all(db: Db, tenantId: string): Promise<Subject[]> {
    return db.select(selection).from(subjects).where(live(tenantId)).orderBy(...ordering);
  },

  page(db: Db, tenantId: string, query: PageQuery) {
    return list(db, live(tenantId), query);
  },

  search(db: Db, tenantId: string, column: SubjectSearchColumn, value: string, query: PageQuery) {
    return list(db, and(live(tenantId), ilike(subjects[column], containsPattern(value))), query);
  },

  async one(db: Db, tenantId: string, id: string): Promise<Subject | undefined> {
    const [row] = await db.select(selection).from(subjects).where(and(live(tenantId), eq(subjects.id, id)));
    return row;
  },

  async nameTaken(db: Db, tenantId: string, subjectName: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(live(tenantId), sql`lower(${subjects.subjectName}) = lower(${subjectName})`, exceptId ? sql`${subjects.id} <> ${exceptId}` : undefined));
    return row !== undefined;
  },

  async insert(db: Db, tenantId: string, row: { id: string; subjectName: string; subjectCode: string | null }): Promise<void> {
    await db.insert(subjects).values({ ...row, tenantId });
  },

  async update(db: Db, tenantId: string, id: string, values: { subjectName: string; subjectCode: string | null }): Promise<void> {
    await db.update(subjects).set(values).where(and(live(tenantId), eq(subjects.id, id)));
  },

  /** How many live class mappings teach the subject. */
  async mappedCount(db: Db, tenantId: string, subjectId: string): Promise<number> {
    const [mapped] = await db
      .select({ value: count() })
      .from(classSubjects)
      .where(and(eq(classSubjects.tenantId, tenantId), eq(classSubjects.subjectId, subjectId), isNull(classSubjects.deletedAt)));
    return mapped?.value ?? 0;
  },

  async softDelete(db: Db, tenantId: string, id: string): Promise<boolean> {
    const deleted = await db
      .update(subjects)
      .set({ deletedAt: sql`now()` })
      .where(and(live(tenantId), eq(subjects.id, id)))
      .returning({ id: subjects.id });
    return deleted.length > 0;
  },
};
