/**
 * Exams (docs/decisions.md "Exams, marks, results and report cards"): admins add and change them (the schedule of a
 * class whose results are published is fixed); every signed-in user reads what their scope covers
 * (staff the school's, a family the exams their classes sit). The school's grading scale is copied
 * into an exam when it is added. Publishing a class computes its results and locks its marks.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { type Exam, examInputSchema, examListQuerySchema, examMessages, examPaths, examSchema, examSearchColumns, examSummarySchema, gradingScaleSchema, gridProgressSchema, type Paper, publishInputSchema } from '../../../contract/exams';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { envelopeJson } from '../../db/kept-json';
import { uniqueViolation } from '../../db/errors';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { classSubjects, classes, subjects } from '../../db/core-tables';
import { exams, gradingScales, marks } from './tables';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite, sendJsonText } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { readScopeOf } from '../../module-kit/scope';
import { missingCells, papersOf, storeResults, tellFamilies } from './publish';
import { classStudentIds, examRepository as repo, gridMarks, schoolScale } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(examMessages.notFound) });

type ExamBody = z.output<typeof examInputSchema>;

/** Classes, subjects and mappings must be this school's live ones (another school's are unknown). */
async function assertScheduleValid(tx: Db, tenantId: string, body: ExamBody): Promise<void> {
  const known = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), inArray(classes.id, body.classIds), isNull(classes.deletedAt)));
  if (known.length !== body.classIds.length) {
    throw badRequest(messages.classes.notFound, { fieldErrors: { classIds: [messages.classes.notFound] } });
  }
  if (body.schedule.length === 0) return;
  const subjectIds = [...new Set(body.schedule.map((paper) => paper.subjectId))];
  const knownSubjects = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.tenantId, tenantId), inArray(subjects.id, subjectIds), isNull(subjects.deletedAt)));
  if (knownSubjects.length !== subjectIds.length) {
    throw badRequest(messages.subjects.notFound, { fieldErrors: { schedule: [messages.subjects.notFound] } });
  }
  const mapped = await tx
    .select({ classId: classSubjects.classId, subjectId: classSubjects.subjectId })
    .from(classSubjects)
    .where(and(eq(classSubjects.tenantId, tenantId), inArray(classSubjects.classId, body.classIds), isNull(classSubjects.deletedAt)));
  const taken = new Set(mapped.map((row) => `${row.classId}|${row.subjectId}`));
  const untaken = body.schedule.findIndex((paper) => !taken.has(`${paper.classId}|${paper.subjectId}`));
  if (untaken >= 0) {
    throw badRequest(examMessages.subjectNotTaken, { fieldErrors: { [`schedule.${untaken}.subjectId`]: [examMessages.subjectNotTaken] } });
  }
}

const paperKey = (paper: Paper) => JSON.stringify([paper.subjectId, paper.date, paper.startTime, paper.durationMinutes, paper.maxMarks, paper.passMarks, paper.gradedOnly]);

/** A published class keeps its place in the exam and its papers exactly as they were. */
function assertPublishedKept(stored: Exam, body: ExamBody): void {
  for (const classId of Object.keys(stored.published)) {
    const before = papersOf(stored, classId).map(paperKey).sort();
    const after = body.schedule.filter((paper) => paper.classId === classId).map(paperKey).sort();
    if (!body.classIds.includes(classId) || before.join() !== after.join()) throw conflict(examMessages.publishedLocked);
  }
}

export const examRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(examPaths.all), { config: readers, schema: { response: okList(examSchema), querystring: examListQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, user.tenantId, await readScopeOf(app.db, user), request.query));
  });

  app.get(routeOf(examPaths.page), { config: readers, schema: { response: okPage(examSummarySchema), querystring: pageQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    const data = await repo.pageJson(app.db, user.tenantId, await readScopeOf(app.db, user), request.query);
    return sendJsonText(reply, 200, envelopeJson(messages.common.ok, data));
  });

  app.get(
    routeOf(examPaths.searchColumn),
    { config: readers, schema: { response: okPage(examSummarySchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(examSearchColumns, column, examMessages.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, user.tenantId, await readScopeOf(app.db, user), searchable, value, { page, size }));
    },
  );

  app.get(routeOf(examPaths.gradingScale), { config: readers, schema: { response: ok(gradingScaleSchema) } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await schoolScale(app.db, userOf(request).tenantId));
  });

  app.put(
    routeOf(examPaths.gradingScale),
    { config: adminWrite, schema: { response: ok(gradingScaleSchema), body: gradingScaleSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const scale = request.body;
        await tx
          .insert(gradingScales)
          .values({ tenantId: user.tenantId, scale, updatedBy: user.id })
          .onConflictDoUpdate({ target: gradingScales.tenantId, set: { scale, updatedBy: user.id, updatedAt: sql`now()` } });
        return { message: examMessages.scaleSaved, data: scale };
      }),
  );

  app.get(routeOf(examPaths.one), { config: readers, schema: { response: ok(examSchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.one(app.db, user.tenantId, request.params.id, await readScopeOf(app.db, user));
    if (!found) throw notFound(examMessages.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(examPaths.create), { config: adminWrite, schema: { response: created(examSchema), body: examInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), name, term, academicYear, weight, classIds, schedule } = request.body;
      await assertScheduleValid(tx, tenantId, request.body);
      await assertRecordIdFree(tx, exams, id);
      const grading = await schoolScale(tx, tenantId);
      try {
        await tx.insert(exams).values({ id, tenantId, name, term, academicYear, weight, classIds, schedule, grading, createdBy: user.id });
      } catch (error) {
        if (uniqueViolation(error) === 'exams_pkey') throw recordIdTaken();
        throw error;
      }
      return { status: 201, message: examMessages.added, data: await repo.one(tx, tenantId, id) };
    }),
  );

  app.put(
    routeOf(examPaths.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(examSchema)), params: idParams, body: examInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { name, term, academicYear, weight, classIds, schedule, baseRev } = request.body;
        const kept = () => repo.one(tx, tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'exams', table: exams, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        const stored = await repo.lock(tx, tenantId, id);
        if (!stored) throw notFound(examMessages.notFound);
        assertPublishedKept(stored, request.body);
        await assertScheduleValid(tx, tenantId, request.body);
        await tx.update(exams).set({ name, term, academicYear, weight, classIds, schedule }).where(and(eq(exams.tenantId, tenantId), eq(exams.id, id)));
        // Cells of papers no longer in the schedule go as tombstones, so devices drop them.
        const papers = new Set(schedule.map((paper) => `${paper.classId}|${paper.subjectId}`));
        const orphans = (await tx
          .select({ id: marks.id, classId: marks.classId, subjectId: marks.subjectId })
          .from(marks)
          .where(and(eq(marks.tenantId, tenantId), eq(marks.examId, id), isNull(marks.deletedAt)))).filter((cell) => !papers.has(`${cell.classId}|${cell.subjectId}`));
        if (orphans.length > 0) {
          await tx.update(marks).set({ deletedAt: sql`now()` }).where(and(eq(marks.tenantId, tenantId), inArray(marks.id, orphans.map((cell) => cell.id))));
        }
        return { message: examMessages.updated, data: await repo.one(tx, tenantId, id) };
      }),
  );

  app.delete(routeOf(examPaths.remove), { config: adminWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      const stored = await repo.lock(tx, tenantId, id);
      if (!stored) throw notFound(examMessages.notFound);
      if (Object.keys(stored.published).length > 0) throw conflict(examMessages.publishedDelete);
      await tx.update(marks).set({ deletedAt: sql`now()` }).where(and(eq(marks.tenantId, tenantId), eq(marks.examId, id), isNull(marks.deletedAt)));
      await tx.update(exams).set({ deletedAt: sql`now()` }).where(and(eq(exams.tenantId, tenantId), eq(exams.id, id)));
      return { message: examMessages.deleted, data: { id } };
    }),
  );

  app.get(
    routeOf(examPaths.progress),
    { config: { access: staffRoles }, schema: { response: okList(gridProgressSchema), params: idParams } },
    async (request, reply) => {
      const tenantId = userOf(request).tenantId;
      const exam = await repo.one(app.db, tenantId, request.params.id);
      if (!exam) throw notFound(examMessages.notFound);
      const mapping = exam.classIds.length
        ? await app.db
            .select({ classId: classSubjects.classId, subjectId: classSubjects.subjectId, teacherId: classSubjects.teacherId })
            .from(classSubjects)
            .where(and(eq(classSubjects.tenantId, tenantId), inArray(classSubjects.classId, exam.classIds), isNull(classSubjects.deletedAt)))
        : [];
      const teacherOf = new Map(mapping.map((row) => [`${row.classId}|${row.subjectId}`, row.teacherId]));
      const progress = [];
      for (const classId of exam.classIds) {
        const studentIds = new Set(await classStudentIds(app.db, tenantId, classId, exam.academicYear));
        const cells = await gridMarks(app.db, tenantId, exam.id, classId);
        for (const paper of papersOf(exam, classId)) {
          const entered = cells.filter((cell) => cell.subjectId === paper.subjectId && studentIds.has(cell.studentId)).length;
          progress.push({
            classId,
            subjectId: paper.subjectId,
            teacherId: teacherOf.get(`${classId}|${paper.subjectId}`) ?? null,
            students: studentIds.size,
            entered,
            complete: entered === studentIds.size,
          });
        }
      }
      return sendEnvelope(reply, 200, messages.common.ok, progress);
    },
  );

  app.post(
    routeOf(examPaths.publish),
    { config: adminWrite, schema: { response: ok(examSchema), params: idParams, body: publishInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { classId } = request.body;
        const exam = await repo.lock(tx, tenantId, request.params.id);
        if (!exam) throw notFound(examMessages.notFound);
        if (!exam.classIds.includes(classId)) throw badRequest(examMessages.notSitting, { fieldErrors: { classId: [examMessages.notSitting] } });
        if (exam.published[classId]) throw conflict(examMessages.alreadyPublished);
        const studentIds = await classStudentIds(tx, tenantId, classId, exam.academicYear);
        const missing = missingCells(exam, classId, studentIds, await gridMarks(tx, tenantId, exam.id, classId));
        if (missing > 0) throw conflict(examMessages.incomplete(missing), { missing });
        const publishedAt = new Date().toISOString();
        await storeResults(tx, tenantId, exam, classId, publishedAt);
        await tx
          .update(exams)
          .set({ published: sql`${exams.published} || jsonb_build_object(${classId}::text, ${publishedAt}::text)` })
          .where(and(eq(exams.tenantId, tenantId), eq(exams.id, exam.id)));
        await tellFamilies(tx, tenantId, exam, classId, studentIds);
        return { message: examMessages.published, data: await repo.one(tx, tenantId, exam.id) };
      }),
  );
};
