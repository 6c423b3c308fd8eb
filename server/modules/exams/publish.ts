/**
 * Publishing a class's results of an exam: every student of the class needs a cell in every paper;
 * the results are computed by contract/exam-results.ts with the exam's own scale and stored, and a
 * correction after publishing computes them again (the rank of others may move with it). The
 * class's students and parents are told once, by a notification to the class (inbox and push).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { computeResults } from '../../../contract/exam-results';
import type { Exam, Mark } from '../../../contract/exams';
import type { Db } from '../../db/client';
import { classes, parentChildren, students, users } from '../../db/core-tables';
import { queueMessages } from '../messaging/queue';
import { notifications } from '../notifications/tables';
import { results } from './tables';
import { queuePushes } from '../notifications/push-outbox';
import { translationsOf } from '../../i18n/notice-translations';
import { classStudentIds, gridMarks } from './repository';
import { resultMessages } from '../../../contract/exams';

export function papersOf(exam: Exam, classId: string) {
  return exam.schedule.filter((paper) => paper.classId === classId);
}

/** How many student-paper cells of the class are still empty. */
export function missingCells(exam: Exam, classId: string, studentIds: string[], cells: Mark[]): number {
  const filled = new Set(cells.map((cell) => `${cell.studentId}|${cell.subjectId}`));
  let missing = 0;
  for (const paper of papersOf(exam, classId)) for (const studentId of studentIds) if (!filled.has(`${studentId}|${paper.subjectId}`)) missing++;
  return missing;
}

/** Writes the class's results (new rows, or changed ones: an unchanged row keeps its rev). */
export async function storeResults(tx: Db, tenantId: string, exam: Exam, classId: string, publishedAt: string): Promise<void> {
  const current = await classStudentIds(tx, tenantId, classId, exam.academicYear);
  const earlier = await tx
    .select({ studentId: results.studentId })
    .from(results)
    .where(and(eq(results.tenantId, tenantId), eq(results.examId, exam.id), eq(results.classId, classId), isNull(results.deletedAt)));
  const studentIds = [...new Set([...current, ...earlier.map((row) => row.studentId)])];
  const cells = await gridMarks(tx, tenantId, exam.id, classId);
  const computed = computeResults(papersOf(exam, classId), studentIds, cells, exam.grading);
  for (const result of computed.values()) {
    const values = {
      subjects: result.subjects,
      total: result.total,
      maxTotal: result.maxTotal,
      percentage: result.percentage,
      grade: result.grade,
      result: result.result,
      rank: result.rank,
    };
    await tx
      .insert(results)
      .values({ id: randomUUID(), tenantId, examId: exam.id, classId, studentId: result.studentId, publishedAt: new Date(publishedAt), ...values })
      .onConflictDoUpdate({
        target: [results.tenantId, results.examId, results.studentId],
        set: { ...values, classId, deletedAt: null, updatedAt: sql`now()` },
        setWhere: sql`(${results.subjects}, ${results.total}, ${results.maxTotal}, ${results.percentage}, ${results.grade}, ${results.result}, ${results.rank}, ${results.classId}, ${results.deletedAt} is null)
          is distinct from (excluded.subjects, excluded.total, excluded.max_total, excluded.percentage, excluded.grade, excluded.result, excluded.rank, excluded.class_id, true)`,
      });
  }
}

/** Where the notification opens: the family's results. */
export const resultsLink = '/student/results';

/**
 * A published notification from the school to the class's students and parents, its pushes
 * queued, and each sitting student's parents' WhatsApp or SMS with a signed link to that child's
 * report card, as the school's settings for report cards say (server/modules/messaging/queue.ts).
 */
export async function tellFamilies(tx: Db, tenantId: string, exam: Exam, classId: string, studentIds: readonly string[] = []): Promise<void> {
  const [klass] = await tx
    .select({ name: classes.className, section: classes.classSection })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId)));
  const className = [klass?.name, klass?.section].filter(Boolean).join(' ');
  const id = randomUUID();
  await tx.insert(notifications).values({
    id,
    tenantId,
    title: resultMessages.publishedTitle(exam.name),
    message: resultMessages.publishedMessage(exam.name, className),
    translations: translationsOf((say) => ({
      title: say('notices.results.title', { exam: exam.name }),
      message: say('notices.results.message', { exam: exam.name, className }),
    })),
    link: resultsLink,
    audienceKind: 'classes',
    audienceClassIds: [classId],
    publishAt: new Date(),
    published: true,
    sentBy: null,
  });
  await queuePushes(tx, tenantId, [id]);
  if (studentIds.length === 0) return;
  const families = await tx
    .select({ studentId: students.id, firstName: students.firstName, userId: parentChildren.userId })
    .from(parentChildren)
    .innerJoin(students, and(eq(students.tenantId, parentChildren.tenantId), eq(students.id, parentChildren.studentId)))
    .innerJoin(users, and(eq(users.tenantId, parentChildren.tenantId), eq(users.id, parentChildren.userId)))
    .where(
      and(
        eq(parentChildren.tenantId, tenantId),
        inArray(parentChildren.studentId, [...studentIds]),
        isNull(parentChildren.deletedAt),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    );
  const byStudent = new Map<string, { firstName: string; userIds: string[] }>();
  for (const row of families) {
    const one = byStudent.get(row.studentId) ?? { firstName: row.firstName, userIds: [] };
    one.userIds.push(row.userId);
    byStudent.set(row.studentId, one);
  }
  await queueMessages(
    tx,
    tenantId,
    'reportCard',
    [...byStudent].map(([studentId, one]) => ({
      notificationId: id,
      userIds: one.userIds,
      studentId,
      values: { names: [one.firstName], reference: exam.name, share: { kind: 'reportCard' as const, id: `${exam.id}:${studentId}` } },
    })),
  );
}
