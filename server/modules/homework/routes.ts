/**
 * Homework (docs/decisions.md "Homework"): staff give it to a class for a subject under
 * the subject-level teaching rule (module-kit/teaching.ts canTeachSubject); every signed-in user
 * reads what their scope covers (staff the school's, a family their classes'). Attachments are
 * uploaded one per request (multipart, field `file`) through server/files/uploads.ts (streamed to a
 * file while hashed and counted, checked by content, the bound on uploads in flight), kept in the
 * attachment store (server/files/attachment-store.ts: files under DATA_DIR on PGlite, the database
 * on PostgreSQL) with their row in the database, and streamed out with the homework's read rule. A
 * student, or their parent, marks it done. The seven record routes are the kit's
 * (module-kit/record-routes.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { homeworkAttachmentSchema, homeworkDoneInputSchema, homeworkDoneSchema, homeworkInputSchema, homeworkListQuerySchema, homeworkMessages, homeworkPaths, homeworkSchema, homeworkSearchColumns, maxAttachmentsPerHomework } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { todayIso } from '../../../contract/record-formats';
import { familyRoles, staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { homework } from './tables';
import { AppError, badRequest, notFound } from '../../errors';
import { attachmentUploads, registerAttachmentParser, sendAttachment } from '../../files/uploads';
import { tenantOf, userOf } from '../../plugins/access';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { recordRoutes, scopedReader, scopedReads } from '../../module-kit/record-routes';
import { created, ok, okDeleted } from '../../module-kit/responses';
import { canSeeStudent, readScopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { canTeachSubject } from '../../module-kit/teaching';
import { classOfStudent, classTakesSubject, homeworkDoneRepository, homeworkRepository as repo, liveClassAndSubject } from './repository';

const readers = { access: 'signedIn' } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(homeworkMessages.notFound) });
const attachmentParams = idParams.extend({ attachmentId: z.uuid(homeworkMessages.attachmentNotFound) });
const fileAnswer = { 200: z.string().meta({ description: 'The attached file, as uploaded.', format: 'binary' }) };
/** Attachments never change (a new file is a new id): devices and the service worker keep them. */

const notYourClass = () => new AppError(403, homeworkMessages.notYourClass);

/**
 * Class and subject must be live records of this school (another school's ids are as unknown as
 * made-up ones), the user must teach the subject there (admins: any), and the class must take it.
 */
async function assertMayGive(tx: Db, user: AuthUser, classId: string, subjectId: string): Promise<void> {
  const { klass, subject } = await liveClassAndSubject(tx, user.tenantId, classId, subjectId);
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

/** The live homework, locked, once a staff member may change it (undefined: none in this school). */
async function lockedForStaff(tx: Db, user: AuthUser, id: string) {
  const stored = await repo.lock(tx, user.tenantId, id);
  if (stored && !(await canTeachSubject(tx, user, stored.classId, stored.subjectId))) throw notYourClass();
  return stored;
}

/** As lockedForStaff, with a 404 when there is none. */
async function lockForStaff(tx: Db, user: AuthUser, id: string) {
  const stored = await lockedForStaff(tx, user, id);
  if (!stored) throw notFound(homeworkMessages.notFound);
  return stored;
}

const homeworkRecordRoutes = recordRoutes({
  entity: 'homework',
  table: homework,
  paths: homeworkPaths,
  record: homeworkSchema,
  input: homeworkInputSchema,
  filter: homeworkListQuerySchema,
  access: { read: 'signedIn', write: staffRoles },
  messages: homeworkMessages,
  searchColumns: homeworkSearchColumns,
  // Staff read the school's homework, a family their classes'.
  reader: scopedReader,
  reads: scopedReads(repo),
  async create(tx, request, { id = randomUUID(), classId, subjectId, title, description, assignedDate = todayIso(), dueDate }) {
    const user = userOf(request);
    const tenantId = tenantOf(request).tenantId;
    if (dueDate < assignedDate) throw dueBeforeAssigned();
    await assertMayGive(tx, user, classId, subjectId);
    await assertRecordIdFree(tx, homework, id);
    try {
      await repo.insert(tx, { id, tenantId, classId, subjectId, title, description, assignedDate, dueDate, createdBy: user.id });
    } catch (error) {
      if (uniqueViolation(error) === 'homework_pkey') throw recordIdTaken();
      throw error;
    }
    return repo.one(tx, tenantId, id);
  },
  update: {
    async check(tx, request, id) {
      const user = userOf(request);
      const stored = await repo.one(tx, tenantOf(request).tenantId, id);
      if (stored && !(await canTeachSubject(tx, user, stored.classId, stored.subjectId))) throw notYourClass();
      return stored;
    },
    kept: (tx, request, id) => repo.one(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id, { classId, subjectId, title, description, assignedDate, dueDate }, stored) {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      // A family's devices hold their classes' homework only: moving one would leave copies behind.
      if (classId !== stored.classId) throw badRequest(homeworkMessages.classFixed, { fieldErrors: { classId: [homeworkMessages.classFixed] } });
      const assigned = assignedDate ?? stored.assignedDate;
      if (dueDate < assigned) throw dueBeforeAssigned();
      await assertMayGive(tx, user, classId, subjectId);
      await repo.update(tx, tenantId, id, { subjectId, title, description, assignedDate: assigned, dueDate });
      return repo.one(tx, tenantId, id);
    },
  },
  remove: {
    check: (tx, request, id) => lockedForStaff(tx, userOf(request), id),
    async apply(tx, request, id) {
      const tenantId = tenantOf(request).tenantId;
      const digests = await repo.softDelete(tx, tenantId, id);
      for (const sha256 of digests) await request.server.attachmentStore.release(tx, tenantId, sha256);
    },
  },
});

export const homeworkRoutes: ZodPlugin = async (app) => {
  await registerAttachmentParser(app);
  await app.register(homeworkRecordRoutes);

  const store = app.attachmentStore;
  const uploads = attachmentUploads(app);

  app.post(
    routeOf(homeworkPaths.attachments),
    { config: staffWrite, schema: { response: created(homeworkAttachmentSchema), params: idParams }, onSend: uploads.onSend },
    (request, reply) =>
      uploads.receive(request, ({ incoming, contentType, fileName }) =>
        runWrite(request, reply, async (tx) => {
          const user = userOf(request);
          const tenantId = tenantOf(request).tenantId;
          const homeworkId = request.params.id;
          await lockForStaff(tx, user, homeworkId);
          if ((await repo.attachmentCount(tx, tenantId, homeworkId)) >= maxAttachmentsPerHomework) {
            throw new AppError(409, homeworkMessages.tooManyAttachments(maxAttachmentsPerHomework));
          }
          const attachment = { id: randomUUID(), fileName, contentType, size: incoming.size };
          await repo.addAttachment(tx, { ...attachment, tenantId, homeworkId, sha256: incoming.sha256, createdBy: user.id });
          await repo.touch(tx, tenantId, homeworkId);
          await store.keep(tx, tenantId, incoming);
          return { status: 201, message: homeworkMessages.attachmentAdded, data: attachment };
        }),
      ),
  );

  app.get(
    routeOf(homeworkPaths.attachment),
    { config: readers, schema: { response: fileAnswer, params: attachmentParams } },
    async (request, reply) => {
      const user = userOf(request);
      const { id, attachmentId } = request.params;
      if (!(await repo.one(app.db, user.tenantId, id, await readScopeOf(app.db, user)))) throw notFound(homeworkMessages.attachmentNotFound);
      const file = await repo.attachmentFile(app.db, user.tenantId, id, attachmentId);
      if (!file) throw notFound(homeworkMessages.attachmentNotFound);
      return sendAttachment(request, reply, user.tenantId, { id: attachmentId, ...file });
    },
  );

  app.delete(routeOf(homeworkPaths.attachment), { config: staffWrite, schema: { response: okDeleted, params: attachmentParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const tenantId = tenantOf(request).tenantId;
      const { id, attachmentId } = request.params;
      await lockForStaff(tx, user, id);
      const sha256 = await repo.removeAttachment(tx, tenantId, id, attachmentId);
      if (sha256 === undefined) throw notFound(homeworkMessages.attachmentNotFound);
      await repo.touch(tx, tenantId, id);
      // Another attachment of the school (of any module) may hold the same bytes: they go only with the last.
      await store.release(tx, tenantId, sha256);
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
        const scope = await readScopeOf(tx, user);
        const found = await repo.one(tx, tenantId, homeworkId, scope);
        if (!found) throw notFound(homeworkMessages.notFound);
        if ((await classOfStudent(tx, tenantId, studentId)) !== found.classId) throw badRequest(homeworkMessages.studentNotInClass);
        await homeworkDoneRepository.mark(tx, { tenantId, homeworkId, studentId, done, markedBy: user.id });
        const mark = await homeworkDoneRepository.one(tx, tenantId, homeworkId, studentId);
        if (!mark) throw new Error('the done mark just written is not there');
        return { message: done ? homeworkMessages.markedDone : homeworkMessages.markedNotDone, data: mark };
      }),
  );
};
