/**
 * Students (/admin/students): the spec's path pattern. Staff read; admins write any student, a
 * teacher only students of the classes they teach. One student is deleted at a time (spec).
 */
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { studentInputSchema, studentListQuerySchema, studentSchema, studentSearchColumns } from '../../../contract/student';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import { searchableColumn } from '../../db/paging';
import { students } from '../../db/schema';
import { notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { assertCanTeachClasses } from '../class-subjects/teaching';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { studentRepository as repo } from './repository';
import { createStudent, deleteStudent, updateStudent } from './service';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.students.notFound) });

export const studentRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.students.all), { config: staff, schema: { response: okList(studentSchema), querystring: studentListQuerySchema } }, async (request, reply) => {
    const school = tenantOf(request);
    const rows = await repo.all(app.db, school.tenantId, school.schoolName, request.query.classId);
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(
    routeOf(paths.students.page),
    { config: staff, schema: { response: okPage(studentSchema), querystring: pageQuerySchema.extend(studentListQuerySchema.shape) } },
    async (request, reply) => {
      const school = tenantOf(request);
      const { classId, ...page } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, school.tenantId, school.schoolName, page, classId));
    },
  );

  app.get(
    routeOf(paths.students.searchColumn),
    { config: staff, schema: { response: okPage(studentSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const school = tenantOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(studentSearchColumns, column, messages.students.invalidColumn);
      const result = await repo.search(app.db, school.tenantId, school.schoolName, searchable, value, { page, size });
      return sendEnvelope(reply, 200, messages.common.ok, result);
    },
  );

  app.get(routeOf(paths.students.one), { config: staff, schema: { response: ok(studentSchema), params: idParams } }, async (request, reply) => {
    const school = tenantOf(request);
    const found = await repo.one(app.db, school.tenantId, school.schoolName, request.params.id);
    if (!found) throw notFound(messages.students.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.students.create), { config: staffWrite, schema: { response: created(studentSchema), body: studentInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const { baseRev: _ignored, ...input } = request.body;
      const created = await createStudent(tx, tenantOf(request), userOf(request), input);
      return { status: 201, message: messages.students.added, data: created };
    }),
  );

  app.put(
    routeOf(paths.students.update),
    { config: staffWrite, schema: { response: ok(updateAnswerSchema(studentSchema)), params: idParams, body: studentInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { id: _ignored, baseRev, ...fields } = request.body;
        const school = tenantOf(request);
        const user = userOf(request);
        const { id } = request.params;
        const current = await repo.rowForUpdate(tx, school.tenantId, id);
        if (current) await assertCanTeachClasses(tx, user, [current.classId], messages.students.notYourClass);
        const kept = () => repo.one(tx, school.tenantId, school.schoolName, id);
        const lost = await lostUpdate(tx, { entity: 'students', table: students, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        const updated = await updateStudent(tx, school, user, id, fields);
        return { message: messages.students.updated, data: updated };
      }),
  );

  app.delete(routeOf(paths.students.remove), { config: staffWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      await deleteStudent(tx, tenantOf(request), userOf(request), request.params.id);
      return { message: messages.students.deleted, data: { id: request.params.id } };
    }),
  );
};
