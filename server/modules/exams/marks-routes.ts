/**
 * Marks entry: one grid per exam, class and subject, written cell by cell under the subject-level
 * teaching rule (module-kit/teaching.ts canTeachSubject). Two people writing one grid never
 * conflict on different cells; on the same cell the later write wins and the earlier value goes to
 * marks_history. Once the class's results are published a write needs a reason, which the history
 * keeps, and the class's results are computed again.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cellOf, type CellValue, examMessages, type Mark, markMessages, markPaths, markSchema, markSheetInputSchema, markSheetQuerySchema, markSheetResultSchema } from '../../../contract/exams';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { assertRecordIdFree } from '../../db/record-ids';
import { marks, marksHistory } from './tables';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList } from '../../module-kit/responses';
import { canTeachSubject } from '../../module-kit/teaching';
import { storeResults } from './publish';
import { classStudentIds, examRepository, gridMarks, markRecord } from './repository';

const historyEntrySchema = z.object({
  markId: z.string(),
  studentId: z.string(),
  previous: z.unknown(),
  next: z.unknown(),
  changedBy: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});

type CellColumns = Pick<typeof marks.$inferInsert, 'marks' | 'grade' | 'absent' | 'exempt'>;

function columnsOf(value: CellValue): CellColumns {
  return {
    marks: value.kind === 'marks' ? value.marks : null,
    grade: value.kind === 'grade' ? value.grade : null,
    absent: value.kind === 'absent',
    exempt: value.kind === 'exempt',
  };
}

/** What the history records as the next value of a cleared cell. */
const emptyCell = { marks: null, grade: null, absent: false, exempt: false };
const valueOf = (cell: Pick<Mark, 'marks' | 'grade' | 'absent' | 'exempt'>) => ({ marks: cell.marks, grade: cell.grade, absent: cell.absent, exempt: cell.exempt });
const sameValue = (a: CellColumns, b: CellColumns) => (a.marks ?? null) === (b.marks ?? null) && (a.grade ?? null) === (b.grade ?? null) && a.absent === b.absent && a.exempt === b.exempt;

async function cellsOf(tx: Db, tenantId: string, examId: string, subjectId: string, studentIds: string[]) {
  const rows = await tx
    .select()
    .from(marks)
    .where(and(eq(marks.tenantId, tenantId), eq(marks.examId, examId), eq(marks.subjectId, subjectId), inArray(marks.studentId, studentIds)))
    .for('update');
  return new Map(rows.map((row) => [row.studentId, row]));
}

export const marksRoutes: ZodPlugin = async (app) => {
  app.get(
    routeOf(markPaths.sheet),
    { config: { access: staffRoles }, schema: { response: okList(markSchema), querystring: markSheetQuerySchema } },
    async (request, reply) => {
      const tenantId = userOf(request).tenantId;
      const { examId, classId, subjectId } = request.query;
      if (!(await examRepository.one(app.db, tenantId, examId))) throw notFound(examMessages.notFound);
      return sendEnvelope(reply, 200, messages.common.ok, await gridMarks(app.db, tenantId, examId, classId, subjectId));
    },
  );

  app.get(
    routeOf(markPaths.history),
    { config: { access: staffRoles }, schema: { response: okList(historyEntrySchema), querystring: markSheetQuerySchema } },
    async (request, reply) => {
      const tenantId = userOf(request).tenantId;
      const { examId, classId, subjectId } = request.query;
      const rows = await app.db
        .select({
          markId: marksHistory.markId,
          studentId: marks.studentId,
          previous: marksHistory.previous,
          next: marksHistory.next,
          changedBy: marksHistory.changedBy,
          reason: marksHistory.reason,
          at: marksHistory.createdAt,
        })
        .from(marksHistory)
        .innerJoin(marks, and(eq(marks.tenantId, marksHistory.tenantId), eq(marks.id, marksHistory.markId)))
        .where(and(eq(marksHistory.tenantId, tenantId), eq(marks.examId, examId), eq(marks.classId, classId), eq(marks.subjectId, subjectId)))
        .orderBy(asc(marksHistory.createdAt));
      return sendEnvelope(reply, 200, messages.common.ok, rows.map((row) => ({ ...row, at: row.at.toISOString() })));
    },
  );

  app.post(
    routeOf(markPaths.markSheet),
    { config: { access: staffRoles, idempotency: 'runWrite' }, schema: { response: ok(markSheetResultSchema), body: markSheetInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const { examId, classId, subjectId, entries, reason } = request.body;
        // Shared: grids are written side by side, but not while their class is being published.
        const exam = await examRepository.share(tx, tenantId, examId);
        if (!exam) throw notFound(examMessages.notFound);
        if (!(await canTeachSubject(tx, user, classId, subjectId))) throw new AppError(403, markMessages.notYourSubject);
        const paper = exam.schedule.find((one) => one.classId === classId && one.subjectId === subjectId);
        if (!paper) throw badRequest(markMessages.noPaper, { fieldErrors: { subjectId: [markMessages.noPaper] } });

        const inClass = new Set(await classStudentIds(tx, tenantId, classId, exam.academicYear));
        const fieldErrors: Record<string, string[]> = {};
        const seen = new Set<string>();
        const values = entries.map((entry, index) => {
          if (seen.has(entry.studentId)) fieldErrors[`entries.${index}.studentId`] = [markMessages.duplicateStudent];
          else if (!inClass.has(entry.studentId)) fieldErrors[`entries.${index}.studentId`] = [markMessages.studentNotInClass];
          seen.add(entry.studentId);
          const value = cellOf(entry, paper, exam.grading);
          if (value && 'refused' in value) {
            fieldErrors[`entries.${index}`] = [value.refused];
            return null;
          }
          return value;
        });
        const problems = Object.values(fieldErrors).flat();
        if (problems.length > 0) throw badRequest(problems[0]!, { fieldErrors });
        const published = Boolean(exam.published[classId]);
        if (published && !reason) throw conflict(markMessages.locked);

        const stored = await cellsOf(tx, tenantId, examId, subjectId, entries.map((entry) => entry.studentId));
        const cleared: string[] = [];
        let changed = false;
        for (const [index, entry] of entries.entries()) {
          const value = values[index] as CellValue | null;
          const existing = stored.get(entry.studentId);
          const live = existing && existing.deletedAt === null ? existing : undefined;
          const previous = live ? valueOf(markRecord(live)) : null;
          const keepHistory = async (markId: string, next: unknown) => {
            if (previous) await tx.insert(marksHistory).values({ id: randomUUID(), tenantId, markId, previous, next, changedBy: user.id, reason: reason ?? null });
          };
          if (value === null) {
            if (!live) continue;
            await tx.update(marks).set({ deletedAt: sql`now()`, enteredBy: user.id }).where(and(eq(marks.tenantId, tenantId), eq(marks.id, live.id)));
            await keepHistory(live.id, emptyCell);
            cleared.push(live.id);
            changed = true;
            continue;
          }
          const columns = columnsOf(value);
          if (live && sameValue(columns, live)) continue;
          if (existing) {
            await tx
              .update(marks)
              .set({ ...columns, classId, enteredBy: user.id, deletedAt: null, updatedAt: sql`now()` })
              .where(and(eq(marks.tenantId, tenantId), eq(marks.id, existing.id)));
            await keepHistory(existing.id, columns);
          } else {
            const id = entry.id ?? randomUUID();
            await assertRecordIdFree(tx, marks, id);
            await tx.insert(marks).values({ id, tenantId, examId, classId, subjectId, studentId: entry.studentId, ...columns, enteredBy: user.id });
          }
          changed = true;
        }
        if (published && changed) await storeResults(tx, tenantId, exam, classId, exam.published[classId]!);
        const now = await cellsOf(tx, tenantId, examId, subjectId, entries.map((entry) => entry.studentId));
        const records = [...now.values()].filter((row) => row.deletedAt === null).map(markRecord);
        return { message: markMessages.saved, data: { records, cleared } };
      }),
  );
};
