/**
 * Teachers (/admin/teachers): the spec's path pattern, the kit's record routes
 * (module-kit/record-routes.ts). Staff read; admins write. A record's e-mail links the teacher
 * account of the same e-mail (accounts/links.ts).
 */
import { randomUUID } from 'node:crypto';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { teacherInputSchema, teacherSchema, teacherSearchColumns } from '../../../contract/teacher';
import { paths } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { teachers } from '../../db/core-tables';
import { conflict, notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { linkTeacherAccount } from '../accounts/links';
import { recordRoutes } from '../../module-kit/record-routes';
import { teacherRepository as repo, type TeacherFields } from './repository';

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

export const teacherRoutes = recordRoutes({
  entity: 'teachers',
  table: teachers,
  paths: paths.teachers,
  record: teacherSchema,
  input: teacherInputSchema,
  access: { read: staffRoles, write: ['admin'] },
  messages: messages.teachers,
  searchColumns: teacherSearchColumns,
  reader: (request) => tenantOf(request).tenantId,
  reads: repo,
  async create(tx, request, { id = randomUUID(), baseRev: _ignored, ...fields }) {
    const tenantId = tenantOf(request).tenantId;
    await assertRecordIdFree(tx, teachers, id);
    await checkUnique(tx, tenantId, fields);
    await guarded(() => repo.insert(tx, tenantId, id, fields));
    await linkTeacherAccount(tx, tenantId, { id, emailId: fields.emailId });
    return repo.one(tx, tenantId, id);
  },
  update: {
    check: (tx, request, id) => repo.rowForUpdate(tx, tenantOf(request).tenantId, id),
    kept: (tx, request, id) => repo.one(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id, { id: _ignored, baseRev: _base, ...fields }, current) {
      const tenantId = tenantOf(request).tenantId;
      await checkUnique(tx, tenantId, fields, id);
      await guarded(() => repo.update(tx, tenantId, id, fields));
      await linkTeacherAccount(tx, tenantId, { id, emailId: fields.emailId }, current);
      return repo.one(tx, tenantId, id);
    },
  },
  remove: {
    check: (tx, request, id) => repo.rowForUpdate(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id) {
      if (!(await repo.softDelete(tx, tenantOf(request).tenantId, id))) throw notFound(messages.teachers.notFound);
    },
  },
});
