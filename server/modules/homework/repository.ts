/** Data access for homework, its attachments and the done marks; every function takes the tenant. */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Homework, HomeworkAttachment, HomeworkDone, HomeworkSearchColumn } from '../../../contract/homework';
import type { Db } from '../../db/client';
import { qualified as q } from '../../db/qualified';
import { liveCount } from '../../db/live-counts';
import { preparedPages } from '../../db/prepared';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { classSubjects, classes, students, subjects } from '../../db/core-tables';
import { homework, homeworkAttachments, homeworkDone } from './tables';
import type { ReadScope } from '../../module-kit/scope';

const selection = {
  id: homework.id,
  classId: homework.classId,
  subjectId: homework.subjectId,
  title: homework.title,
  description: homework.description,
  assignedDate: homework.assignedDate,
  dueDate: homework.dueDate,
  createdBy: homework.createdBy,
  rev: homework.rev,
};

const live = (tenantId: string) => and(eq(homework.tenantId, tenantId), isNull(homework.deletedAt));
const ordering = [desc(homework.dueDate), asc(homework.id)];

/** The homework a user's scope covers: the school's for staff, their classes' for a family. */
export function visibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  return scope.classIds.length > 0 ? inArray(homework.classId, scope.classIds) : sql`false`;
}

export interface HomeworkFilter {
  classId?: string;
  subjectId?: string;
}

function filtered(tenantId: string, scope: ReadScope, filter: HomeworkFilter = {}) {
  return and(
    live(tenantId),
    visibleTo(scope),
    filter.classId ? eq(homework.classId, filter.classId) : undefined,
    filter.subjectId ? eq(homework.subjectId, filter.subjectId) : undefined,
  );
}

/**
 * Attachment metadata (never the bytes) of each homework in upload order, as a column of its row:
 * one query for a page rather than a second one for its 20 rows' attachments.
 */
const attachments = sql<HomeworkAttachment[]>`coalesce((
  select json_agg(json_build_object('id', ${q(homeworkAttachments.id)}, 'fileName', ${q(homeworkAttachments.fileName)},
    'contentType', ${q(homeworkAttachments.contentType)}, 'size', ${q(homeworkAttachments.size)})
    order by ${q(homeworkAttachments.createdAt)}, ${q(homeworkAttachments.id)})
  from ${homeworkAttachments}
  where ${q(homeworkAttachments.tenantId)} = ${q(homework.tenantId)} and ${q(homeworkAttachments.homeworkId)} = ${q(homework.id)}
), '[]'::json)`;

const withAttachments = { ...selection, attachments };

/**
 * The school's unfiltered list as staff first open it: 20 rows in the page index's order with the
 * kept count (db/live-counts.ts), a statement built and planned once (db/prepared.ts).
 */
const schoolPage = preparedPages((db, bounds) =>
  db
    .select({ ...withAttachments, total: liveCount(sql.placeholder('tenantId'), 'homework') })
    .from(homework)
    .where(and(eq(homework.tenantId, sql.placeholder('tenantId')), isNull(homework.deletedAt)))
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('homework_live_page')),
);

/** `whole`: the school's unfiltered list (schoolPage); anything narrower counts what it matched. */
function list(db: Db, tenantId: string, where: SQL | undefined, query: PageQuery, whole = false): Promise<Page<Homework>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(homework).where(where))[0]?.value ?? 0,
    (limit, offset) =>
      whole
        ? schoolPage(db, limit, offset).execute({ tenantId, limit, offset })
        : db.select({ ...withAttachments, total: totalCount }).from(homework).where(where).orderBy(...ordering).limit(limit).offset(offset),
  );
}

export const homeworkRepository = {
  async all(db: Db, tenantId: string, scope: ReadScope, filter: HomeworkFilter): Promise<Homework[]> {
    return db.select(withAttachments).from(homework).where(filtered(tenantId, scope, filter)).orderBy(...ordering);
  },
  page(db: Db, tenantId: string, scope: ReadScope, query: PageQuery, filter: HomeworkFilter) {
    const whole = scope.school && !filter.classId && !filter.subjectId;
    return list(db, tenantId, filtered(tenantId, scope, filter), query, whole);
  },
  search(db: Db, tenantId: string, scope: ReadScope, column: HomeworkSearchColumn, value: string, query: PageQuery) {
    return list(db, tenantId, and(filtered(tenantId, scope), ilike(homework[column], containsPattern(value))), query);
  },
  /** One live homework the scope covers (no scope: any of the school's). */
  async one(db: Db, tenantId: string, id: string, scope?: ReadScope): Promise<Homework | undefined> {
    const [row] = await db
      .select(withAttachments)
      .from(homework)
      .where(and(live(tenantId), eq(homework.id, id), scope ? visibleTo(scope) : undefined));
    return row;
  },
  /** Live homework among the ids, as the read endpoints return them (sync/pull). */
  async byIds(db: Db, tenantId: string, ids: string[]): Promise<Homework[]> {
    if (ids.length === 0) return [];
    return db.select(withAttachments).from(homework).where(and(live(tenantId), inArray(homework.id, ids)));
  },
  /** Locks the live row (attachment count checks, deletes); its class and subject. */
  async lock(db: Db, tenantId: string, id: string): Promise<{ classId: string; subjectId: string } | undefined> {
    const [row] = await db
      .select({ classId: homework.classId, subjectId: homework.subjectId })
      .from(homework)
      .where(and(live(tenantId), eq(homework.id, id)))
      .for('update');
    return row;
  },
  /** A new rev for the row (its attachments changed), content_rev kept (migration 0010). */
  async touch(db: Db, tenantId: string, id: string): Promise<void> {
    await db.update(homework).set({ updatedAt: sql`now()` }).where(and(live(tenantId), eq(homework.id, id)));
  },
  async insert(db: Db, row: typeof homework.$inferInsert): Promise<void> {
    await db.insert(homework).values(row);
  },
  async update(db: Db, tenantId: string, id: string, values: Partial<typeof homework.$inferInsert>): Promise<void> {
    await db.update(homework).set(values).where(and(live(tenantId), eq(homework.id, id)));
  },
  /**
   * Tombstones the homework: its files go at once, its done marks as tombstones, so devices drop
   * them. Answers the digests of the removed files, for the attachment store to release.
   */
  async softDelete(db: Db, tenantId: string, id: string): Promise<string[]> {
    const removed = await db
      .delete(homeworkAttachments)
      .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, id)))
      .returning({ sha256: homeworkAttachments.sha256 });
    await db
      .update(homeworkDone)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(homeworkDone.tenantId, tenantId), eq(homeworkDone.homeworkId, id), isNull(homeworkDone.deletedAt)));
    await db.update(homework).set({ deletedAt: sql`now()` }).where(and(eq(homework.tenantId, tenantId), eq(homework.id, id)));
    return [...new Set(removed.map((row) => row.sha256))];
  },
  async addAttachment(db: Db, row: typeof homeworkAttachments.$inferInsert): Promise<void> {
    await db.insert(homeworkAttachments).values(row);
  },
  /** An attached file's row: what its download sends besides the bytes, and the digest that finds them. */
  async attachmentFile(db: Db, tenantId: string, homeworkId: string, attachmentId: string) {
    const [file] = await db
      .select({ fileName: homeworkAttachments.fileName, contentType: homeworkAttachments.contentType, size: homeworkAttachments.size, sha256: homeworkAttachments.sha256 })
      .from(homeworkAttachments)
      .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, homeworkId), eq(homeworkAttachments.id, attachmentId)));
    return file;
  },
  /** Deletes one attached file's row; answers its digest, or undefined when the homework has no such file. */
  async removeAttachment(db: Db, tenantId: string, homeworkId: string, attachmentId: string): Promise<string | undefined> {
    const [deleted] = await db
      .delete(homeworkAttachments)
      .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, homeworkId), eq(homeworkAttachments.id, attachmentId)))
      .returning({ sha256: homeworkAttachments.sha256 });
    return deleted?.sha256;
  },
  /** Whether any attachment of the school (of any homework) names these bytes. */
  async digestInUse(db: Db, tenantId: string, sha256: string): Promise<boolean> {
    const [row] = await db
      .select({ id: homeworkAttachments.id })
      .from(homeworkAttachments)
      .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.sha256, sha256)))
      .limit(1);
    return row !== undefined;
  },
  async attachmentCount(db: Db, tenantId: string, homeworkId: string): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(homeworkAttachments)
      .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, homeworkId)));
    return row?.value ?? 0;
  },
};

/** Whether the class and the subject are live records of the school. */
export async function liveClassAndSubject(db: Db, tenantId: string, classId: string, subjectId: string): Promise<{ klass: boolean; subject: boolean }> {
  const [klass] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
  const [subject] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.tenantId, tenantId), eq(subjects.id, subjectId), isNull(subjects.deletedAt)));
  return { klass: klass !== undefined, subject: subject !== undefined };
}

/** The class of a live student of the school (undefined: no such student, or no class). */
export async function classOfStudent(db: Db, tenantId: string, studentId: string): Promise<string | null | undefined> {
  const [student] = await db
    .select({ classId: students.classId })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
  return student?.classId;
}

/** Whether the class takes the subject (a live class-subject mapping). */
export async function classTakesSubject(db: Db, tenantId: string, classId: string, subjectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classSubjects.id })
    .from(classSubjects)
    .where(
      and(
        eq(classSubjects.tenantId, tenantId),
        eq(classSubjects.classId, classId),
        eq(classSubjects.subjectId, subjectId),
        isNull(classSubjects.deletedAt),
      ),
    );
  return row !== undefined;
}

const doneSelection = {
  id: homeworkDone.id,
  homeworkId: homeworkDone.homeworkId,
  studentId: homeworkDone.studentId,
  done: homeworkDone.done,
  doneAt: homeworkDone.doneAt,
  rev: homeworkDone.rev,
};

/** A done mark as the API answers it (timestamps as ISO text). */
export function doneRecord(row: { id: string; homeworkId: string; studentId: string; done: boolean; doneAt: Date | null; rev: number }): HomeworkDone {
  const { id, homeworkId, studentId, done, doneAt, rev } = row;
  return { id, homeworkId, studentId, done, doneAt: doneAt ? doneAt.toISOString() : null, rev };
}

export const homeworkDoneRepository = {
  /** One row per homework and student; the same mark again changes nothing (no new rev). */
  async mark(db: Db, row: { tenantId: string; homeworkId: string; studentId: string; done: boolean; markedBy: string }): Promise<void> {
    const { done, markedBy } = row;
    await db
      .insert(homeworkDone)
      .values({ id: randomUUID(), ...row, doneAt: done ? sql`now()` : null })
      .onConflictDoUpdate({
        target: [homeworkDone.tenantId, homeworkDone.homeworkId, homeworkDone.studentId],
        set: { done, doneAt: done ? sql`now()` : null, markedBy, deletedAt: null },
        setWhere: sql`${homeworkDone.done} is distinct from excluded.done or ${homeworkDone.deletedAt} is not null`,
      });
  },
  async one(db: Db, tenantId: string, homeworkId: string, studentId: string): Promise<HomeworkDone | undefined> {
    const [row] = await db
      .select(doneSelection)
      .from(homeworkDone)
      .where(and(eq(homeworkDone.tenantId, tenantId), eq(homeworkDone.homeworkId, homeworkId), eq(homeworkDone.studentId, studentId)));
    return row ? doneRecord(row) : undefined;
  },
};
