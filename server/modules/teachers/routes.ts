/**
 * Teachers (/admin/teachers): the spec's path pattern. Staff read; admins write. A record's e-mail
 * links the teacher account of the same e-mail (accounts/links.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { teacherInputSchema, teacherSchema, teacherSearchColumns } from '../../../contract/teacher';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { teachers } from '../../db/schema';
import { searchableColumn } from '../../db/paging';
import { conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { linkTeacherAccount } from '../accounts/links';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { teacherRepository as repo, type TeacherFields } from './repository';

const staff = { access: staffRoles } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.teachers.notFound) });

async function checkUnique(tx: Db, tenantId: string, fields: TeacherFields, exceptId?: string) {
  const clash = await repo.clash(tx, tenantId, fields, exceptId);
  if (clash === 'employeeId') throw conflict(messages.teachers.duplicateEmployeeId, { fieldErrors: { employeeId: [messages.teachers.duplicateEmployeeId] } });
  if (clash === 'emailId') throw conflict(messages.teachers.duplicateEmail, { fieldErrors: { emailId: [messages.teachers.duplicateEmail] } });
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'teachers_employee_id_key') throw conflict(messages.teachers.duplicateEmployeeId);
    if (constraint === 'teachers_pkey') throw recordIdTaken();
    throw error;
  }
}

export const teacherRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.teachers.all), { config: staff, schema: { response: okList(teacherSchema) } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, tenantOf(request).tenantId));
  });

  app.get(routeOf(paths.teachers.page), { config: staff, schema: { response: okPage(teacherSchema), querystring: pageQuerySchema } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, tenantOf(request).tenantId, request.query));
  });

  app.get(
    routeOf(paths.teachers.searchColumn),
    { config: staff, schema: { response: okPage(teacherSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(teacherSearchColumns, column, messages.teachers.invalidColumn);
      const result = await repo.search(app.db, tenantOf(request).tenantId, searchable, value, { page, size });
      return sendEnvelope(reply, 200, messages.common.ok, result);
    },
  );

  app.get(routeOf(paths.teachers.one), { config: staff, schema: { response: ok(teacherSchema), params: idParams } }, async (request, reply) => {
    const found = await repo.one(app.db, tenantOf(request).tenantId, request.params.id);
    if (!found) throw notFound(messages.teachers.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.teachers.create), { config: adminWrite, schema: { response: created(teacherSchema), body: teacherInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), baseRev: _ignored, ...fields } = request.body;
      await assertRecordIdFree(tx, teachers, id);
      await checkUnique(tx, tenantId, fields);
      await guarded(() => repo.insert(tx, tenantId, id, fields));
      await linkTeacherAccount(tx, tenantId, { id, emailId: fields.emailId });
      return { status: 201, message: messages.teachers.added, data: await repo.one(tx, tenantId, id) };
    }),
  );

  app.put(
    routeOf(paths.teachers.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(teacherSchema)), params: idParams, body: teacherInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { id } = request.params;
        const { id: _ignored, baseRev, ...fields } = request.body;
        const kept = () => repo.one(tx, tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'teachers', table: teachers, user: userOf(request), id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        const current = await repo.rowForUpdate(tx, tenantId, id);
        if (!current) throw notFound(messages.teachers.notFound);
        await checkUnique(tx, tenantId, fields, id);
        await guarded(() => repo.update(tx, tenantId, id, fields));
        await linkTeacherAccount(tx, tenantId, { id, emailId: fields.emailId }, current);
        return { message: messages.teachers.updated, data: await repo.one(tx, tenantId, id) };
      }),
  );

  app.delete(routeOf(paths.teachers.remove), { config: adminWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      if (!(await repo.softDelete(tx, tenantOf(request).tenantId, request.params.id))) throw notFound(messages.teachers.notFound);
      return { message: messages.teachers.deleted, data: { id: request.params.id } };
    }),
  );
};
