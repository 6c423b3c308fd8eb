/**
 * Classes: the spec's section 7 calls, the kit's record routes (module-kit/record-routes.ts). Staff
 * read and create; admins change any class, a teacher only the classes assigned to them
 * (module-kit/teaching.ts). A class with students in it is not deleted.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { classInputSchema, classSchema, classSearchColumns } from '../../../contract/class';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { classes } from '../../db/core-tables';
import { assertRecordIdFree } from '../../db/record-ids';
import { conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { recordRoutes } from '../../module-kit/record-routes';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import { classRepository as repo } from './repository';

/** The live class, once the caller may change it (the teaching rule). */
async function changeable(tx: Db, request: FastifyRequest, id: string) {
  const current = await repo.one(tx, tenantOf(request).tenantId, id);
  // A deleted class has no teachers any more: the device hears it was deleted.
  if (current) await assertCanTeachClasses(tx, userOf(request), [id]);
  return current;
}

export const classRoutes = recordRoutes({
  entity: 'classes',
  table: classes,
  paths: paths.classes,
  record: classSchema,
  input: classInputSchema,
  access: { read: staffRoles, write: staffRoles },
  messages: messages.classes,
  searchColumns: classSearchColumns,
  reader: (request) => tenantOf(request).tenantId,
  reads: repo,
  async create(tx, request, { id = randomUUID(), className, classSection }) {
    const tenantId = tenantOf(request).tenantId;
    if (await repo.nameTaken(tx, tenantId, className, classSection)) throw conflict(messages.classes.duplicate);
    await assertRecordIdFree(tx, classes, id);
    const created = await repo.insert(tx, tenantId, { id, className, classSection });
    if (!created) throw conflict(messages.classes.duplicate);
    return created;
  },
  update: {
    check: changeable,
    kept: (tx, request, id) => repo.one(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id, { className, classSection }) {
      const tenantId = tenantOf(request).tenantId;
      if (await repo.nameTaken(tx, tenantId, className, classSection, id)) throw conflict(messages.classes.duplicate);
      const updated = await repo.update(tx, tenantId, id, { className, classSection });
      if (!updated) throw notFound(messages.classes.notFound);
      return updated;
    },
  },
  remove: {
    check: changeable,
    async apply(tx, request, id) {
      const tenantId = tenantOf(request).tenantId;
      const enrolled = await repo.enrolledCount(tx, tenantId, id);
      if (enrolled > 0) throw conflict(messages.classes.hasStudents(enrolled));
      if (!(await repo.softDelete(tx, tenantId, id))) throw notFound(messages.classes.notFound);
    },
  },
});
