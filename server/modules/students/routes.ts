/**
 * Students (/admin/students): the spec's path pattern. Staff read; admins write any student, a
 * teacher only students of the classes they teach. One student is deleted at a time (spec).
 */
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { studentInputSchema, studentListQuerySchema, studentSearchColumns } from '../../../contract/student';
import { searchableColumn } from '../../db/paging';
import { students } from '../../db/schema';
import { notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { assertCanTeachClasses } from '../class-subjects/teaching';
import { lostUpdate } from '../sync/conflicts';
import { studentRepository as repo } from './repository';
import { createStudent, deleteStudent, updateStudent } from './service';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.students.notFound) });

export const studentRoutes: ZodPlugin = async (app) => {
  app.get('/students/all', { config: staff, schema: { querystring: studentListQuerySchema } }, async (request, reply) => {
    const school = tenantOf(request);
    const rows = await repo.all(app.db, school.tenantId, school.schoolName, request.query.classId);
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(
    '/students/pageNation/all',
    { config: staff, schema: { querystring: pageQuerySchema.extend(studentListQuerySchema.shape) } },
    async (request, reply) => {
      const school = tenantOf(request);
      const { classId, ...page } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, school.tenantId, school.schoolName, page, classId));
    },
  );

  app.get(
    '/students/search-using-column-pageNation',
    { config: staff, schema: { querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const school = tenantOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(studentSearchColumns, column, messages.students.invalidColumn);
      const result = await repo.search(app.db, school.tenantId, school.schoolName, searchable, value, { page, size });
      return sendEnvelope(reply, 200, messages.common.ok, result);
    },
  );

  app.get('/students/:id', { config: staff, schema: { params: idParams } }, async (request, reply) => {
    const school = tenantOf(request);
    const found = await repo.one(app.db, school.tenantId, school.schoolName, request.params.id);
    if (!found) throw notFound(messages.students.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post('/students/create', { config: staffWrite, schema: { body: studentInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const { baseRev: _ignored, ...input } = request.body;
      const created = await createStudent(tx, tenantOf(request), userOf(request), input);
      return { status: 201, message: messages.students.added, data: created };
    }),
  );

  app.put(
    '/students/update/:id',
    { config: staffWrite, schema: { params: idParams, body: studentInputSchema } },
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

  app.delete('/students/delete/:id', { config: staffWrite, schema: { params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      await deleteStudent(tx, tenantOf(request), userOf(request), request.params.id);
      return { message: messages.students.deleted, data: { id: request.params.id } };
    }),
  );
};
