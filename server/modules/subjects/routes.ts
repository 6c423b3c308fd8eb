/**
 * Subjects (/admin/subjects): the spec's path pattern, the kit's record routes
 * (module-kit/record-routes.ts). Staff read; admins write. A subject a class still takes is not deleted.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { subjectInputSchema, subjectSchema, subjectSearchColumns } from '../../../contract/subject';
import { subjects } from '../../db/core-tables';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { conflict, notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { recordRoutes } from '../../module-kit/record-routes';
import { subjectRepository as repo } from './repository';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'subjects_pkey') throw recordIdTaken();
    if (constraint === 'subjects_name_key') throw conflict(messages.subjects.duplicate);
    throw error;
  }
}

export const subjectRoutes = recordRoutes({
  entity: 'subjects',
  table: subjects,
  paths: paths.subjects,
  record: subjectSchema,
  input: subjectInputSchema,
  access: { read: staffRoles, write: ['admin'] },
  messages: messages.subjects,
  searchColumns: subjectSearchColumns,
  reader: (request) => tenantOf(request).tenantId,
  reads: repo,
  async create(tx, request, { id = randomUUID(), subjectName, subjectCode }) {
    const tenantId = tenantOf(request).tenantId;
    if (await repo.nameTaken(tx, tenantId, subjectName)) throw conflict(messages.subjects.duplicate);
    await assertRecordIdFree(tx, subjects, id);
    await guarded(() => repo.insert(tx, tenantId, { id, subjectName, subjectCode }));
    return repo.one(tx, tenantId, id);
  },
  update: {
    check: (tx, request, id) => repo.one(tx, tenantOf(request).tenantId, id),
    kept: (tx, request, id) => repo.one(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id, { subjectName, subjectCode }) {
      const tenantId = tenantOf(request).tenantId;
      if (await repo.nameTaken(tx, tenantId, subjectName, id)) throw conflict(messages.subjects.duplicate);
      await guarded(() => repo.update(tx, tenantId, id, { subjectName, subjectCode }));
      return repo.one(tx, tenantId, id);
    },
  },
  remove: {
    async check(tx, request, id) {
      const tenantId = tenantOf(request).tenantId;
      const mapped = await repo.mappedCount(tx, tenantId, id);
      if (mapped > 0) throw conflict(messages.subjects.stillMapped(mapped));
      return repo.one(tx, tenantId, id);
    },
    async apply(tx, request, id) {
      if (!(await repo.softDelete(tx, tenantOf(request).tenantId, id))) throw notFound(messages.subjects.notFound);
    },
  },
});
