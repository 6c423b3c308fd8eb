/**
 * Class-subject mapping (/admin/mapping) and the class teacher of each class: admins assign, staff
 * read. These assignments decide which classes a teacher may mark and edit (teaching.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  classSubjectInputSchema,
  classSubjectListQuerySchema,
  classSubjectSchema,
  classSubjectSearchColumns,
  classTeacherInputSchema,
} from '../../../contract/class-subject';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import { classSchema } from '../../../contract/class';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { searchableColumn } from '../../db/paging';
import { classSubjects, classes } from '../../db/core-tables';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { missingReferences, classSubjectRepository as repo } from './repository';
import { teacherClassIds } from '../../module-kit/teaching';

const staff = { access: staffRoles } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.classSubjects.notFound) });
const classIdParams = z.object({ id: z.uuid(messages.classes.notFound) });

const notFoundMessage = {
  classId: messages.classes.notFound,
  subjectId: messages.subjects.notFound,
  teacherId: messages.teachers.notFound,
} as const;

function referencesMissing(missing: (keyof typeof notFoundMessage)[]) {
  const fieldErrors = Object.fromEntries(missing.map((field) => [field, [notFoundMessage[field]]]));
  return badRequest(missing.map((field) => notFoundMessage[field]).join(' '), { fieldErrors });
}

const classSelection = {
  id: classes.id,
  className: classes.className,
  classSection: classes.classSection,
  classTeacherId: classes.classTeacherId,
  rev: classes.rev,
};

export const classSubjectRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.classSubjects.all), { config: staff, schema: { response: okList(classSubjectSchema), querystring: classSubjectListQuerySchema } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, tenantOf(request).tenantId, request.query));
  });

  app.get(
    routeOf(paths.classSubjects.page),
    { config: staff, schema: { response: okPage(classSubjectSchema), querystring: pageQuerySchema.extend(classSubjectListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, tenantOf(request).tenantId, { page, size }, filter));
    },
  );

  app.get(
    routeOf(paths.classSubjects.searchColumn),
    { config: staff, schema: { response: okPage(classSubjectSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(classSubjectSearchColumns, column, messages.classSubjects.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, tenantOf(request).tenantId, searchable, value, { page, size }));
    },
  );

  /** The classes the signed-in user may mark and edit: all for an admin, the assigned ones for a teacher. */
  app.get(routeOf(paths.classSubjects.myClasses), { config: staff, schema: { response: okList(classSchema) } }, async (request, reply) => {
    const user = userOf(request);
    const live = and(eq(classes.tenantId, user.tenantId), isNull(classes.deletedAt));
    let where = live;
    if (user.role !== 'admin') {
      const ids = user.teacherId ? await teacherClassIds(app.db, user.tenantId, user.teacherId) : [];
      if (ids.length === 0) return sendEnvelope(reply, 200, messages.common.ok, []);
      where = and(live, inArray(classes.id, ids));
    }
    const rows = await app.db.select(classSelection).from(classes).where(where).orderBy(asc(classes.className), asc(classes.classSection));
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(routeOf(paths.classSubjects.one), { config: staff, schema: { response: ok(classSubjectSchema), params: idParams } }, async (request, reply) => {
    const found = await repo.one(app.db, tenantOf(request).tenantId, request.params.id);
    if (!found) throw notFound(messages.classSubjects.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.classSubjects.create), { config: adminWrite, schema: { response: created(classSubjectSchema), body: classSubjectInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), classId, subjectId, teacherId } = request.body;
      const missing = await missingReferences(tx, tenantId, { classId, subjectId, teacherId });
      if (missing.length > 0) throw referencesMissing(missing);
      if (await repo.taken(tx, tenantId, classId, subjectId)) throw conflict(messages.classSubjects.duplicate);
      await assertRecordIdFree(tx, classSubjects, id);
      try {
        await tx.insert(classSubjects).values({ id, tenantId, classId, subjectId, teacherId });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'class_subjects_pkey') throw recordIdTaken();
        if (constraint !== undefined) throw conflict(messages.classSubjects.duplicate);
        throw error;
      }
      return { status: 201, message: messages.classSubjects.added, data: await repo.one(tx, tenantId, id) };
    }),
  );

  app.put(
    routeOf(paths.classSubjects.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(classSubjectSchema)), params: idParams, body: classSubjectInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { classId, subjectId, teacherId, baseRev } = request.body;
        const kept = () => repo.one(tx, tenantId, id);
        const yours = { ...request.body, id };
        const lost = await lostUpdate(tx, { entity: 'classSubjects', table: classSubjects, user: userOf(request), id, baseRev, yours, kept });
        if (lost) return lost;
        if (!(await repo.one(tx, tenantId, id))) throw notFound(messages.classSubjects.notFound);
        const missing = await missingReferences(tx, tenantId, { classId, subjectId, teacherId });
        if (missing.length > 0) throw referencesMissing(missing);
        if (await repo.taken(tx, tenantId, classId, subjectId, id)) throw conflict(messages.classSubjects.duplicate);
        await tx
          .update(classSubjects)
          .set({ classId, subjectId, teacherId })
          .where(and(eq(classSubjects.tenantId, tenantId), eq(classSubjects.id, id), isNull(classSubjects.deletedAt)));
        return { message: messages.classSubjects.updated, data: await repo.one(tx, tenantId, id) };
      }),
  );

  app.delete(routeOf(paths.classSubjects.remove), { config: adminWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const deleted = await tx
        .update(classSubjects)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(classSubjects.tenantId, tenantId), eq(classSubjects.id, request.params.id), isNull(classSubjects.deletedAt)))
        .returning({ id: classSubjects.id });
      if (deleted.length === 0) throw notFound(messages.classSubjects.notFound);
      return { message: messages.classSubjects.deleted, data: { id: request.params.id } };
    }),
  );

  app.put(
    routeOf(paths.classes.classTeacher),
    { config: adminWrite, schema: { response: ok(classSchema), params: classIdParams, body: classTeacherInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { teacherId } = request.body;
        const missing = await missingReferences(tx, tenantId, { classId: id, teacherId });
        if (missing.includes('classId')) throw notFound(messages.classes.notFound);
        if (missing.length > 0) throw referencesMissing(missing);
        const [updated] = await tx
          .update(classes)
          .set({ classTeacherId: teacherId })
          .where(and(eq(classes.tenantId, tenantId), eq(classes.id, id), isNull(classes.deletedAt)))
          .returning(classSelection);
        return { message: teacherId ? messages.classSubjects.classTeacherSet : messages.classSubjects.classTeacherCleared, data: updated };
      }),
  );
};
