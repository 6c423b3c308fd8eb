/**
 * Concessions (sibling, staff child, scholarship ...) per student and year: the kit's record routes
 * (module-kit/record-routes.ts). Admins write them; reads follow the fee read rule (access.ts).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { feeConcessionInputSchema, feeConcessionListQuerySchema, feeConcessionPaths, feeConcessionSchema, feeMessages } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { listPage } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { badRequest } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { recordRoutes } from '../../module-kit/record-routes';
import { type FeeReadScope, feeReadScope, studentForFees } from './access';
import { feeRepository as repo } from './repository';
import { assertHeadsExist } from './setup-checks';
import { feeSetupRepository as setup } from './setup-repository';
import { feeConcessions } from './tables';

type ConcessionInput = z.output<typeof feeConcessionInputSchema>;

interface Reader {
  tenantId: string;
  scope: FeeReadScope;
}

function visible(db: Db, { tenantId, scope }: Reader, filter: { studentId?: string; academicYear?: number }) {
  return repo.concessions(db, tenantId, { ...filter, ...scope });
}

async function assertConcessionInput(tx: Db, tenantId: string, input: ConcessionInput): Promise<void> {
  if (!(await studentForFees(tx, tenantId, input.studentId))) throw badRequest(messages.students.notFound, { fieldErrors: { studentId: [messages.students.notFound] } });
  await assertHeadsExist(tx, tenantId, input.headIds, 'headIds');
}

/** The columns a concession's form sets, the same on create and on update (each head once). */
function formColumns({ studentId, academicYear, kind, headIds, percent, amount, reason }: ConcessionInput) {
  return { studentId, academicYear, kind, headIds: [...new Set(headIds)], percent, amount, reason };
}

export const feeConcessionRoutes = recordRoutes({
  entity: 'feeConcessions',
  table: feeConcessions,
  paths: feeConcessionPaths,
  record: feeConcessionSchema,
  input: feeConcessionInputSchema,
  filter: feeConcessionListQuerySchema,
  access: { read: 'signedIn', write: ['admin'] },
  messages: {
    notFound: feeMessages.concessionNotFound,
    invalidColumn: feeMessages.invalidColumn,
    added: feeMessages.concessionAdded,
    updated: feeMessages.concessionUpdated,
    deleted: feeMessages.concessionDeleted,
  },
  searchColumns: ['kind', 'reason'],
  async reader(request) {
    const user = userOf(request);
    return { tenantId: user.tenantId, scope: await feeReadScope(request.server.db, user) };
  },
  reads: {
    all: (db, reader, filter) => visible(db, reader, filter),
    page: (db, { tenantId, scope }, page, filter) => repo.concessionPage(db, tenantId, { ...filter, ...scope }, page),
    async search(db, reader, column, value, page) {
      const needle = value.toLowerCase();
      return listPage((await visible(db, reader, {})).filter((one) => (one[column] ?? '').toLowerCase().includes(needle)), page);
    },
    async one(db, { tenantId, scope }, id) {
      const found = await repo.concession(db, tenantId, id);
      return found && (!scope.studentIds || scope.studentIds.includes(found.studentId)) ? found : undefined;
    },
  },
  async create(tx, request, input) {
    const tenantId = tenantOf(request).tenantId;
    const id = input.id ?? randomUUID();
    await assertRecordIdFree(tx, feeConcessions, id);
    await assertConcessionInput(tx, tenantId, input);
    await setup.insertConcession(tx, { id, tenantId, ...formColumns(input) });
    return repo.concession(tx, tenantId, id);
  },
  update: {
    check: (tx, request, id) => repo.concession(tx, userOf(request).tenantId, id),
    kept: (tx, request, id) => repo.concession(tx, userOf(request).tenantId, id),
    async apply(tx, request, id, input) {
      const tenantId = userOf(request).tenantId;
      await assertConcessionInput(tx, tenantId, input);
      await setup.updateConcession(tx, tenantId, id, formColumns(input));
      return repo.concession(tx, tenantId, id);
    },
  },
  remove: {
    check: (tx, request, id) => repo.concession(tx, tenantOf(request).tenantId, id),
    apply: (tx, request, id) => setup.softDeleteConcession(tx, tenantOf(request).tenantId, id),
  },
});
