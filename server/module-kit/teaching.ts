/**
 * Which classes a teacher may mark and edit: those they are class teacher of and those they teach
 * a subject in (class_subjects). Admins may do everything; students and parents nothing.
 * The one place this rule lives: attendance's canMarkClass and the records' write routes call it.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../db/any-of';
import { arrayParam } from '../db/array-param';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { classSubjects, classes } from '../db/core-tables';
import { AppError, forbidden } from '../errors';
import type { AuthUser } from '../types';

/** The rule, on a row of `classes`: `teacher` (a value or a column) is its class teacher or teaches a subject there. */
const teaches = (teacher: string | SQL) => sql`(${classes.classTeacherId} = ${teacher} or exists (
  select 1 from ${classSubjects}
  where ${classSubjects.tenantId} = ${classes.tenantId}
    and ${classSubjects.classId} = ${classes.id}
    and ${classSubjects.teacherId} = ${teacher}
    and ${classSubjects.deletedAt} is null))`;

/** Ids of the live classes assigned to the teacher (class teacher or teaching a subject there). */
export async function teacherClassIds(db: Db, tenantId: string, teacherId: string): Promise<string[]> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), isNull(classes.deletedAt), teaches(teacherId)));
  return rows.map((row) => row.id);
}

/** True when the signed-in user may mark and edit the class: any admin; a teacher assigned to it. */
export async function canTeachClass(db: Db, user: Pick<AuthUser, 'role' | 'tenantId' | 'teacherId'>, classId: string | null): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'teacher' || !user.teacherId || !classId) return false;
  return (await teacherClassIds(db, user.tenantId, user.teacherId)).includes(classId);
}

/** As canTeachClass, throwing 403 when not (every class given must be allowed; null = no class). */
export async function assertCanTeachClasses(
  db: Db,
  user: Pick<AuthUser, 'role' | 'tenantId' | 'teacherId'>,
  classIds: (string | null)[],
  message?: string,
): Promise<void> {
  return assertAllCanTeachClasses(db, user.tenantId, [{ user, classIds }], message);
}

/**
 * As assertCanTeachClasses for several users at once (a run of sheets from many class teachers, as
 * at 9 am), with one query for every teacher and class asked about instead of one per teacher.
 */
export async function assertAllCanTeachClasses(
  db: Db,
  tenantId: string,
  asks: readonly { user: Pick<AuthUser, 'role' | 'tenantId' | 'teacherId'>; classIds: readonly (string | null)[] }[],
  message?: string,
): Promise<void> {
  const refuse = () => (message ? new AppError(403, message) : forbidden());
  const pairs: { teacherId: string; classId: string }[] = [];
  for (const { user, classIds } of asks) {
    if (user.tenantId !== tenantId) throw refuse();
    if (user.role === 'admin') continue;
    if (user.role !== 'teacher' || !user.teacherId) throw refuse();
    for (const classId of classIds) {
      // No class, or not an id a class could have: refused, never a failed query.
      if (classId === null || !isUuid(classId)) throw refuse();
      pairs.push({ teacherId: user.teacherId, classId });
    }
  }
  if (pairs.length === 0) return;
  const allowed = await queryRows<{ teacher_id: string; class_id: string }>(
    db,
    sql`select asked.teacher_id, asked.class_id
      from unnest(${arrayParam(pairs.map((pair) => pair.teacherId), 'uuid')}, ${arrayParam(pairs.map((pair) => pair.classId), 'uuid')})
        as asked(teacher_id, class_id)
      join ${classes} on ${classes.tenantId} = ${tenantId} and ${classes.id} = asked.class_id and ${classes.deletedAt} is null
      where ${teaches(sql`asked.teacher_id`)}`,
  );
  const granted = new Set(allowed.map((row) => `${row.teacher_id}\0${row.class_id}`));
  if (pairs.some((pair) => !granted.has(`${pair.teacherId}\0${pair.classId}`))) throw refuse();
}

/**
 * The subject-level rule (homework, and later marks entry): any admin; a teacher who teaches this
 * subject in this class (class_subjects) or is the class's class teacher (who keeps the class's
 * diary and covers a subject without a teacher). Students and parents never.
 */
export async function canTeachSubject(
  db: Db,
  user: Pick<AuthUser, 'role' | 'tenantId' | 'teacherId'>,
  classId: string,
  subjectId: string,
): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'teacher' || !user.teacherId) return false;
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.tenantId, user.tenantId),
        eq(classes.id, classId),
        isNull(classes.deletedAt),
        sql`(${classes.classTeacherId} = ${user.teacherId} or exists (
          select 1 from ${classSubjects}
          where ${classSubjects.tenantId} = ${classes.tenantId}
            and ${classSubjects.classId} = ${classes.id}
            and ${classSubjects.subjectId} = ${subjectId}
            and ${classSubjects.teacherId} = ${user.teacherId}
            and ${classSubjects.deletedAt} is null))`,
      ),
    );
  return row !== undefined;
}
