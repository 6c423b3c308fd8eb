/** Data access for the class-subject mapping, joined with the names lists show. */
import { and, asc, count, eq, ilike, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClassSubject, ClassSubjectSearchColumn } from '../../../contract/class-subject';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { liveCount } from '../../db/live-counts';
import { pgliteNamed, preparedOn } from '../../db/prepared';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { classSubjects, classes, subjects, teachers } from '../../db/core-tables';

const teacherName = sql<string | null>`case when ${teachers.id} is null then null else ${teachers.firstName} || ' ' || ${teachers.lastName} end`;

const selection = {
  id: classSubjects.id,
  classId: classSubjects.classId,
  subjectId: classSubjects.subjectId,
  teacherId: classSubjects.teacherId,
  className: classes.className,
  classSection: classes.classSection,
  subjectName: subjects.subjectName,
  teacherName,
  rev: classSubjects.rev,
};

const searchColumns: Record<ClassSubjectSearchColumn, AnyPgColumn | SQL> = {
  className: classes.className,
  subjectName: subjects.subjectName,
  teacherName: sql`(${teachers.firstName} || ' ' || ${teachers.lastName})`,
};

const live = (tenantId: string) => and(eq(classSubjects.tenantId, tenantId), isNull(classSubjects.deletedAt));
const ordering = [asc(classes.className), asc(classes.classSection), asc(subjects.subjectName), asc(classSubjects.id)];

function joined(db: Db) {
  return db
    .select(selection)
    .from(classSubjects)
    .innerJoin(classes, and(eq(classes.tenantId, classSubjects.tenantId), eq(classes.id, classSubjects.classId)))
    .innerJoin(subjects, and(eq(subjects.tenantId, classSubjects.tenantId), eq(subjects.id, classSubjects.subjectId)))
    .leftJoin(teachers, and(eq(teachers.tenantId, classSubjects.tenantId), eq(teachers.id, classSubjects.teacherId)));
}

/**
 * As joined, with the size of the whole filtered set on each row (db/paging.ts): the school's kept
 * count for its whole list (db/live-counts.ts), else the window's.
 */
function counted(db: Db, tenantId: string | Placeholder, whole: boolean) {
  return db
    .select({ ...selection, total: whole ? liveCount(tenantId, 'class_subjects') : totalCount })
    .from(classSubjects)
    .innerJoin(classes, and(eq(classes.tenantId, classSubjects.tenantId), eq(classes.id, classSubjects.classId)))
    .innerJoin(subjects, and(eq(subjects.tenantId, classSubjects.tenantId), eq(subjects.id, classSubjects.subjectId)))
    .leftJoin(teachers, and(eq(teachers.tenantId, classSubjects.tenantId), eq(teachers.id, classSubjects.teacherId)));
}

const schoolPageQuery = (db: Db) =>
  counted(db, sql.placeholder('tenantId'), true)
    .where(and(eq(classSubjects.tenantId, sql.placeholder('tenantId')), isNull(classSubjects.deletedAt)))
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
/** The school's whole mapping as the screen first opens it, planned once (db/prepared.ts). */
const schoolPage = preparedOn((db) => schoolPageQuery(db).prepare('class_subjects_live_page'));
/** The same on PGlite, where only a statement prepared by name is not planned on every request. */
const schoolPageOnPglite = pgliteNamed('class_subjects_live_page', (db) => schoolPageQuery(db).toSQL());

async function readSchoolPage(db: Db, tenantId: string, limit: number, offset: number) {
  const named = schoolPageOnPglite(db);
  if (named === undefined) return schoolPage(db).execute({ tenantId, limit, offset });
  // The columns in the order of `selection`, then `total`.
  return (await named({ tenantId, limit, offset })).map((row) => ({
    id: row[0] as string,
    classId: row[1] as string,
    subjectId: row[2] as string,
    teacherId: row[3] as string | null,
    className: row[4] as string,
    classSection: row[5] as string,
    subjectName: row[6] as string,
    teacherName: row[7] as string | null,
    rev: Number(row[8]),
    total: Number(row[9]),
  }));
}

function list(db: Db, tenantId: string, where: SQL | undefined, query: PageQuery, whole = false): Promise<Page<ClassSubject>> {
  return toPage(
    query,
    async () =>
      (
        await db
          .select({ value: count() })
          .from(classSubjects)
          .innerJoin(classes, and(eq(classes.tenantId, classSubjects.tenantId), eq(classes.id, classSubjects.classId)))
          .innerJoin(subjects, and(eq(subjects.tenantId, classSubjects.tenantId), eq(subjects.id, classSubjects.subjectId)))
          .leftJoin(teachers, and(eq(teachers.tenantId, classSubjects.tenantId), eq(teachers.id, classSubjects.teacherId)))
          .where(where)
      )[0]?.value ?? 0,
    (limit, offset) =>
      whole ? readSchoolPage(db, tenantId, limit, offset) : counted(db, tenantId, false).where(where).orderBy(...ordering).limit(limit).offset(offset),
  );
}

export interface MappingFilter {
  classId?: string;
  teacherId?: string;
}

function filtered(tenantId: string, filter: MappingFilter) {
  return and(
    live(tenantId),
    filter.classId ? eq(classSubjects.classId, filter.classId) : undefined,
    filter.teacherId ? eq(classSubjects.teacherId, filter.teacherId) : undefined,
  );
}

export const classSubjectRepository = {
  all(db: Db, tenantId: string, filter: MappingFilter): Promise<ClassSubject[]> {
    return joined(db).where(filtered(tenantId, filter)).orderBy(...ordering);
  },
  page(db: Db, tenantId: string, query: PageQuery, filter: MappingFilter) {
    return list(db, tenantId, filtered(tenantId, filter), query, !filter.classId && !filter.teacherId);
  },
  search(db: Db, tenantId: string, column: ClassSubjectSearchColumn, value: string, query: PageQuery) {
    return list(db, tenantId, and(live(tenantId), ilike(searchColumns[column], containsPattern(value))), query);
  },
  async one(db: Db, tenantId: string, id: string): Promise<ClassSubject | undefined> {
    const [row] = await joined(db).where(and(live(tenantId), eq(classSubjects.id, id)));
    return row;
  },
  /** Live mappings among the ids, as the read endpoints return them (sync/pull). */
  async byIds(db: Db, tenantId: string, ids: string[]): Promise<ClassSubject[]> {
    if (ids.length === 0) return [];
    return joined(db).where(and(live(tenantId), inArray(classSubjects.id, ids)));
  },
  async taken(db: Db, tenantId: string, classId: string, subjectId: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: classSubjects.id })
      .from(classSubjects)
      .where(
        and(
          live(tenantId),
          eq(classSubjects.classId, classId),
          eq(classSubjects.subjectId, subjectId),
          exceptId ? sql`${classSubjects.id} <> ${exceptId}` : undefined,
        ),
      );
    return row !== undefined;
  },
};

/** Which of the three references are missing (not live in this school). */
export async function missingReferences(
  db: Db,
  tenantId: string,
  refs: { classId: string; subjectId?: string; teacherId: string | null },
): Promise<('classId' | 'subjectId' | 'teacherId')[]> {
  const missing: ('classId' | 'subjectId' | 'teacherId')[] = [];
  const [klass] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, refs.classId), isNull(classes.deletedAt)));
  if (!klass) missing.push('classId');
  if (refs.subjectId) {
    const [subject] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.tenantId, tenantId), eq(subjects.id, refs.subjectId), isNull(subjects.deletedAt)));
    if (!subject) missing.push('subjectId');
  }
  if (refs.teacherId) {
    const [teacher] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), eq(teachers.id, refs.teacherId), isNull(teachers.deletedAt)));
    if (!teacher) missing.push('teacherId');
  }
  return missing;
}
