/**
 * Homework (docs/decisions.md "Homework (issue 10)"): staff give it to a class for a subject under
 * the subject-level teaching rule (class-subjects/teaching.ts canTeachSubject); every signed-in user
 * reads what their scope covers (staff the school's, a family their classes'). Attachments are
 * uploaded one per request (multipart, field `file`), checked by content (attachment-check.ts),
 * stored in the database and downloaded with the homework's read rule. A student, or their parent,
 * marks it done.
 */
import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { homeworkAttachmentSchema, homeworkDoneInputSchema, homeworkDoneSchema, homeworkInputSchema, homeworkListQuerySchema, homeworkMessages, homeworkPaths, homeworkSchema, homeworkSearchColumns, maxAttachmentBytes, maxAttachmentsPerHomework } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { todayIso } from '../../../contract/record-formats';
import { familyRoles, staffRoles } from '../../../contract/roles';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { searchableColumn } from '../../db/paging';
import { classes, students, subjects } from '../../db/schema';
import { homework, homeworkAttachments, homeworkDone } from './tables';
import { AppError, badRequest, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { requestHash, runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { canSeeStudent, scopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { canTeachSubject } from '../class-subjects/teaching';
import { contentDisposition, detectAttachmentType, safeFileName } from './attachment-check';
import { classTakesSubject, homeworkDoneRepository, homeworkRepository as repo } from './repository';

const readers = { access: 'signedIn' } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(homeworkMessages.notFound) });
const attachmentParams = idParams.extend({ attachmentId: z.uuid(homeworkMessages.attachmentNotFound) });
const fileAnswer = { 200: z.string().meta({ description: 'The attached file, as uploaded.', format: 'binary' }) };
/** Attachments never change (a new file is a new id): devices and the service worker keep them. */
const immutableCache = 'private, max-age=31536000, immutable';

const notYourClass = () => new AppError(403, homeworkMessages.notYourClass);
const tooLarge = () => new AppError(413, homeworkMessages.attachmentTooLarge(Math.round(maxAttachmentBytes / 1024 / 1024)));

/**
 * Class and subject must be live records of this school (another school's ids are as unknown as
 * made-up ones), the user must teach the subject there (admins: any), and the class must take it.
 */
async function assertMayGive(tx: Db, user: AuthUser, classId: string, subjectId: string): Promise<void> {
  const [klass] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, user.tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
  const [subject] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.tenantId, user.tenantId), eq(subjects.id, subjectId), isNull(subjects.deletedAt)));
  const fieldErrors = {
    ...(klass ? {} : { classId: [messages.classes.notFound] }),
    ...(subject ? {} : { subjectId: [messages.subjects.notFound] }),
  };
  if (!klass || !subject) throw badRequest(Object.values(fieldErrors).flat().join(' '), { fieldErrors });
  if (!(await canTeachSubject(tx, user, classId, subjectId))) throw notYourClass();
  if (!(await classTakesSubject(tx, user.tenantId, classId, subjectId))) {
    throw badRequest(homeworkMessages.subjectNotTaken, { fieldErrors: { subjectId: [homeworkMessages.subjectNotTaken] } });
  }
}

function dueBeforeAssigned() {
  return badRequest(homeworkMessages.dueBeforeAssigned, { fieldErrors: { dueDate: [homeworkMessages.dueBeforeAssigned] } });
}

/** The live homework a staff member may change (404 when there is none in this school). */
async function lockForStaff(tx: Db, user: AuthUser, id: string) {
  const stored = await repo.lock(tx, user.tenantId, id);
  if (!stored) throw notFound(homeworkMessages.notFound);
  if (!(await canTeachSubject(tx, user, stored.classId, stored.subjectId))) throw notYourClass();
  return stored;
}

/** The upload's file name and bytes, or the 4xx that says what is wrong with the request. */
async function receiveFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, homeworkMessages.attachmentNotMultipart);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      return { filename: part.filename ?? '', data: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, homeworkMessages.attachmentNotMultipart);
    }
    throw new AppError(400, homeworkMessages.attachmentNotMultipart);
  }
  throw new AppError(400, homeworkMessages.selectFile);
}

export const homeworkRoutes: ZodPlugin = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: maxAttachmentBytes, files: 1, fields: 2, parts: 3, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.get(routeOf(homeworkPaths.all), { config: readers, schema: { response: okList(homeworkSchema), querystring: homeworkListQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, user.tenantId, await scopeOf(app.db, user), request.query));
  });

  app.get(
    routeOf(homeworkPaths.page),
    { config: readers, schema: { response: okPage(homeworkSchema), querystring: pageQuerySchema.extend(homeworkListQuerySchema.shape) } },
    async (request, reply) => {
      const user = userOf(request);
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, user.tenantId, await scopeOf(app.db, user), { page, size }, filter));
    },
  );

  app.get(
    routeOf(homeworkPaths.searchColumn),
    { config: readers, schema: { response: okPage(homeworkSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(homeworkSearchColumns, column, homeworkMessages.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, user.tenantId, await scopeOf(app.db, user), searchable, value, { page, size }));
    },
  );

  app.get(routeOf(homeworkPaths.one), { config: readers, schema: { response: ok(homeworkSchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.one(app.db, user.tenantId, request.params.id, await scopeOf(app.db, user));
    if (!found) throw notFound(homeworkMessages.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(homeworkPaths.create), { config: staffWrite, schema: { response: created(homeworkSchema), body: homeworkInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), classId, subjectId, title, description, assignedDate = todayIso(), dueDate } = request.body;
      if (dueDate < assignedDate) throw dueBeforeAssigned();
      await assertMayGive(tx, user, classId, subjectId);
      await assertRecordIdFree(tx, homework, id);
      try {
        await tx.insert(homework).values({ id, tenantId, classId, subjectId, title, description, assignedDate, dueDate, createdBy: user.id });
      } catch (error) {
        if (uniqueViolation(error) === 'homework_pkey') throw recordIdTaken();
        throw error;
      }
      return { status: 201, message: homeworkMessages.added, data: await repo.one(tx, tenantId, id) };
    }),
  );

  app.put(
    routeOf(homeworkPaths.update),
    { config: staffWrite, schema: { response: ok(updateAnswerSchema(homeworkSchema)), params: idParams, body: homeworkInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { classId, subjectId, title, description, assignedDate, dueDate, baseRev } = request.body;
        const stored = await repo.one(tx, tenantId, id);
        if (stored && !(await canTeachSubject(tx, user, stored.classId, stored.subjectId))) throw notYourClass();
        const kept = () => repo.one(tx, tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'homework', table: homework, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        if (!stored) throw notFound(homeworkMessages.notFound);
        // A family's devices hold their classes' homework only: moving one would leave copies behind.
        if (classId !== stored.classId) throw badRequest(homeworkMessages.classFixed, { fieldErrors: { classId: [homeworkMessages.classFixed] } });
        const assigned = assignedDate ?? stored.assignedDate;
        if (dueDate < assigned) throw dueBeforeAssigned();
        await assertMayGive(tx, user, classId, subjectId);
        await tx
          .update(homework)
          .set({ subjectId, title, description, assignedDate: assigned, dueDate })
          .where(and(eq(homework.tenantId, tenantId), eq(homework.id, id), isNull(homework.deletedAt)));
        return { message: homeworkMessages.updated, data: await repo.one(tx, tenantId, id) };
      }),
  );

  app.delete(routeOf(homeworkPaths.remove), { config: staffWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      await lockForStaff(tx, user, id);
      // The files go at once; the done marks go as tombstones, so devices drop them.
      await tx.delete(homeworkAttachments).where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, id)));
      await tx
        .update(homeworkDone)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(homeworkDone.tenantId, tenantId), eq(homeworkDone.homeworkId, id), isNull(homeworkDone.deletedAt)));
      await tx.update(homework).set({ deletedAt: sql`now()` }).where(and(eq(homework.tenantId, tenantId), eq(homework.id, id)));
      return { message: homeworkMessages.deleted, data: { id } };
    }),
  );

  app.post(
    routeOf(homeworkPaths.attachments),
    { config: staffWrite, schema: { response: created(homeworkAttachmentSchema), params: idParams } },
    async (request, reply) => {
      const { filename, data } = await receiveFile(request);
      const contentType = await detectAttachmentType(data);
      const sha256 = createHash('sha256').update(data).digest('hex');
      // The body is a file, which the idempotency hook could not read: the key now covers the
      // file's digest and name, so the same key with another file is refused (422), not replayed.
      if (request.idempotency) {
        request.idempotency = { ...request.idempotency, requestHash: requestHash(request.method, request.url, { sha256, filename }) };
      }
      return runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const homeworkId = request.params.id;
        await lockForStaff(tx, user, homeworkId);
        if ((await repo.attachmentCount(tx, tenantId, homeworkId)) >= maxAttachmentsPerHomework) {
          throw new AppError(409, homeworkMessages.tooManyAttachments(maxAttachmentsPerHomework));
        }
        const attachment = { id: randomUUID(), fileName: safeFileName(filename, contentType), contentType, size: data.length };
        await tx.insert(homeworkAttachments).values({ ...attachment, tenantId, homeworkId, sha256, data, createdBy: user.id });
        await repo.touch(tx, tenantId, homeworkId);
        return { status: 201, message: homeworkMessages.attachmentAdded, data: attachment };
      });
    },
  );

  app.get(
    routeOf(homeworkPaths.attachment),
    { config: readers, schema: { response: fileAnswer, params: attachmentParams } },
    async (request, reply) => {
      const user = userOf(request);
      const { id, attachmentId } = request.params;
      if (!(await repo.one(app.db, user.tenantId, id, await scopeOf(app.db, user)))) throw notFound(homeworkMessages.attachmentNotFound);
      const [file] = await app.db
        .select({ fileName: homeworkAttachments.fileName, contentType: homeworkAttachments.contentType, sha256: homeworkAttachments.sha256, data: homeworkAttachments.data })
        .from(homeworkAttachments)
        .where(and(eq(homeworkAttachments.tenantId, user.tenantId), eq(homeworkAttachments.homeworkId, id), eq(homeworkAttachments.id, attachmentId)));
      if (!file) throw notFound(homeworkMessages.attachmentNotFound);
      reply.header('content-type', file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType);
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cache-control', immutableCache);
      reply.header('etag', `"${file.sha256}"`);
      return reply.send(file.data);
    },
  );

  app.delete(routeOf(homeworkPaths.attachment), { config: staffWrite, schema: { response: okDeleted, params: attachmentParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id, attachmentId } = request.params;
      await lockForStaff(tx, user, id);
      const deleted = await tx
        .delete(homeworkAttachments)
        .where(and(eq(homeworkAttachments.tenantId, tenantId), eq(homeworkAttachments.homeworkId, id), eq(homeworkAttachments.id, attachmentId)))
        .returning({ id: homeworkAttachments.id });
      if (deleted.length === 0) throw notFound(homeworkMessages.attachmentNotFound);
      await repo.touch(tx, tenantId, id);
      return { message: homeworkMessages.attachmentDeleted, data: { id: attachmentId } };
    }),
  );

  app.post(
    routeOf(homeworkPaths.done),
    { config: { access: familyRoles, idempotency: 'runWrite' }, schema: { response: ok(homeworkDoneSchema), params: idParams, body: homeworkDoneInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const tenantId = tenantOf(request).tenantId;
        const { studentId, done } = request.body;
        const homeworkId = request.params.id;
        if (!(await canSeeStudent(tx, user, studentId))) throw new AppError(403, homeworkMessages.notYourStudent);
        const scope = await scopeOf(tx, user);
        const found = await repo.one(tx, tenantId, homeworkId, scope);
        if (!found) throw notFound(homeworkMessages.notFound);
        const [student] = await tx
          .select({ classId: students.classId })
          .from(students)
          .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
        if (student?.classId !== found.classId) throw badRequest(homeworkMessages.studentNotInClass);
        // One row per homework and student; the same mark again changes nothing (no new rev).
        await tx
          .insert(homeworkDone)
          .values({ id: randomUUID(), tenantId, homeworkId, studentId, done, doneAt: done ? sql`now()` : null, markedBy: user.id })
          .onConflictDoUpdate({
            target: [homeworkDone.tenantId, homeworkDone.homeworkId, homeworkDone.studentId],
            set: { done, doneAt: done ? sql`now()` : null, markedBy: user.id, deletedAt: null },
            setWhere: sql`${homeworkDone.done} is distinct from excluded.done or ${homeworkDone.deletedAt} is not null`,
          });
        const mark = await homeworkDoneRepository.one(tx, tenantId, homeworkId, studentId);
        if (!mark) throw new Error('the done mark just written is not there');
        return { message: done ? homeworkMessages.markedDone : homeworkMessages.markedNotDone, data: mark };
      }),
  );
};
