/**
 * Fee heads (tuition, transport ...): the kit's record routes (module-kit/record-routes.ts). Admins
 * write them; every signed-in user of the school reads them (a family's device shows dues offline).
 * A head a live structure or concession uses is not deleted.
 */
import { randomUUID } from 'node:crypto';
import { feeHeadInputSchema, feeHeadPaths, feeHeadSchema, feeHeadSearchColumns, feeMessages } from '../../../contract/fees';
import { uniqueViolation } from '../../db/errors';
import { listPage } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { conflict } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { recordRoutes } from '../../module-kit/record-routes';
import { feeRepository as repo } from './repository';
import { headNameTaken } from './setup-checks';
import { feeSetupRepository as setup } from './setup-repository';
import { feeHeads } from './tables';

/** A head name the school already has (the unique index) becomes the 409 that names it. */
async function named<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'fee_heads_tenant_name_idx') throw headNameTaken(name);
    throw error;
  }
}

export const feeHeadRoutes = recordRoutes({
  entity: 'feeHeads',
  table: feeHeads,
  paths: feeHeadPaths,
  record: feeHeadSchema,
  input: feeHeadInputSchema,
  access: { read: 'signedIn', write: ['admin'] },
  messages: {
    notFound: feeMessages.headNotFound,
    invalidColumn: feeMessages.invalidColumn,
    added: feeMessages.headAdded,
    updated: feeMessages.headUpdated,
    deleted: feeMessages.headDeleted,
  },
  searchColumns: feeHeadSearchColumns,
  reader: (request) => userOf(request).tenantId,
  // A school has a few dozen heads: read whole, paged and searched here.
  reads: {
    all: (db, tenantId) => repo.heads(db, tenantId),
    page: async (db, tenantId, page) => listPage(await repo.heads(db, tenantId), page),
    async search(db, tenantId, column, value, page) {
      const needle = value.toLowerCase();
      return listPage((await repo.heads(db, tenantId)).filter((head) => (head[column] ?? '').toLowerCase().includes(needle)), page);
    },
    one: (db, tenantId, id) => repo.head(db, tenantId, id),
  },
  async create(tx, request, { id = randomUUID(), name, description }) {
    const tenantId = tenantOf(request).tenantId;
    await assertRecordIdFree(tx, feeHeads, id);
    await named(name, () => setup.insertHead(tx, { id, tenantId, name, description }));
    return repo.head(tx, tenantId, id);
  },
  update: {
    check: (tx, request, id) => repo.head(tx, userOf(request).tenantId, id),
    kept: (tx, request, id) => repo.head(tx, userOf(request).tenantId, id),
    async apply(tx, request, id, { name, description }) {
      const tenantId = userOf(request).tenantId;
      await named(name, () => setup.updateHead(tx, tenantId, id, { name, description }));
      return repo.head(tx, tenantId, id);
    },
  },
  remove: {
    check: (tx, request, id) => repo.head(tx, tenantOf(request).tenantId, id),
    async apply(tx, request, id) {
      const tenantId = tenantOf(request).tenantId;
      if (await setup.headInUse(tx, tenantId, id)) throw conflict(feeMessages.headInUse);
      await setup.softDeleteHead(tx, tenantId, id);
    },
  },
});
