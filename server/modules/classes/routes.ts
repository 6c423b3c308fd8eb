/**
 * Classes: the spec's section 7 calls. Staff read and create; admins change any class, a teacher only
 * the classes assigned to them (class-subjects/teaching.ts). Each write through runWrite.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { classInputSchema, classSchema, classSearchColumns } from '../../../contract/class';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import { classes, students } from '../../db/schema';
import { assertRecordIdFree } from '../../db/record-ids';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { assertCanTeachClasses } from '../class-subjects/teaching';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { classRepository as repo } from './repository';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.classes.notFound) });

export const classRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.classes.all), { config: staff, schema: { response: okList(classSchema) } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, tenantOf(request).tenantId));
  });

  app.get(routeOf(paths.classes.page), { config: staff, schema: { response: okPage(classSchema), querystring: pageQuerySchema } }, async (request, reply) => {
    const page = await repo.page(app.db, tenantOf(request).tenantId, request.query);
    return sendEnvelope(reply, 200, messages.common.ok, page);
  });

  app.get(
    routeOf(paths.classes.searchColumn),
    { config: staff, schema: { response: okPage(classSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = classSearchColumns.find((name) => name === column);
      if (!searchable) throw badRequest(messages.classes.invalidColumn);
      const result = await repo.search(app.db, tenantOf(request).tenantId, searchable, value, { page, size });
      return sendEnvelope(reply, 200, messages.common.ok, result);
    },
  );

  app.get(routeOf(paths.classes.one), { config: staff, schema: { response: ok(classSchema), params: idParams } }, async (request, reply) => {
    const found = await repo.one(app.db, tenantOf(request).tenantId, request.params.id);
    if (!found) throw notFound(messages.classes.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.classes.create), { config: staffWrite, schema: { response: created(classSchema), body: classInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), className, classSection } = request.body;
      if (await repo.nameTaken(tx, tenantId, className, classSection)) throw conflict(messages.classes.duplicate);
      await assertRecordIdFree(tx, classes, id);
      const created = await repo.insert(tx, tenantId, { id, className, classSection });
      if (!created) throw conflict(messages.classes.duplicate);
      return { status: 201, message: messages.classes.added, data: created };
    }),
  );

  app.put(
    routeOf(paths.classes.update),
    { config: staffWrite, schema: { response: ok(updateAnswerSchema(classSchema)), params: idParams, body: classInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { className, classSection, baseRev } = request.body;
        const user = userOf(request);
        const current = await repo.one(tx, tenantId, id);
        // A deleted class has no teachers any more: the device hears it was deleted.
        if (current) await assertCanTeachClasses(tx, user, [id]);
        const kept = () => repo.one(tx, tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'classes', table: classes, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        if (!current) throw notFound(messages.classes.notFound);
        if (await repo.nameTaken(tx, tenantId, className, classSection, id)) throw conflict(messages.classes.duplicate);
        const updated = await repo.update(tx, tenantId, id, { className, classSection });
        if (!updated) throw notFound(messages.classes.notFound);
        return { message: messages.classes.updated, data: updated };
      }),
  );

  app.delete(routeOf(paths.classes.remove), { config: staffWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      if (!(await repo.one(tx, tenantId, id))) throw notFound(messages.classes.notFound);
      await assertCanTeachClasses(tx, userOf(request), [id]);
      const [enrolled] = await tx
        .select({ value: count() })
        .from(students)
        .where(and(eq(students.tenantId, tenantId), eq(students.classId, id), isNull(students.deletedAt)));
      if (enrolled && enrolled.value > 0) throw conflict(messages.classes.hasStudents(enrolled.value));
      if (!(await repo.softDelete(tx, tenantId, id))) throw notFound(messages.classes.notFound);
      return { message: messages.classes.deleted, data: { id } };
    }),
  );
};
