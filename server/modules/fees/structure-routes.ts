/**
 * Fee structures, one per class and academic year with each head's installments: the kit's record
 * routes (module-kit/record-routes.ts). Admins write them; staff read every class's, a family its
 * classes' (the device shows dues offline). A structure's class and year never change, and one
 * with payments is not deleted.
 */
import { randomUUID } from 'node:crypto';
import { feeMessages, feeStructureInputSchema, feeStructureListQuerySchema, feeStructurePaths, feeStructureSchema } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { listPage } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { badRequest, conflict } from '../../errors';
import { userOf } from '../../plugins/access';
import { recordRoutes, type ScopedReader, scopedReader } from '../../module-kit/record-routes';
import { type StructureInput, writeInstallments } from './installments';
import { feeRepository as repo, type StructureFilter } from './repository';
import { assertClassExists, assertHeadsExist, structureTaken } from './setup-checks';
import { feeSetupRepository as setup } from './setup-repository';
import { feeStructures } from './tables';

/** The structures the reader sees: every class's for staff, their classes' for a family. */
function visibleFilter({ scope }: ScopedReader, filter: { classId?: string; academicYear?: number }): StructureFilter {
  return { ...filter, ...(scope.school ? {} : { classIds: scope.classIds }) };
}

function visible(db: Db, reader: ScopedReader, filter: { classId?: string; academicYear?: number }) {
  return repo.structures(db, reader.tenantId, visibleFilter(reader, filter));
}

async function assertStructureInput(tx: Db, tenantId: string, input: StructureInput): Promise<void> {
  await assertClassExists(tx, tenantId, input.classId);
  await assertHeadsExist(
    tx,
    tenantId,
    input.heads.map((head) => head.headId),
    'heads',
  );
}

export const feeStructureRoutes = recordRoutes({
  entity: 'feeStructures',
  table: feeStructures,
  paths: feeStructurePaths,
  record: feeStructureSchema,
  input: feeStructureInputSchema,
  filter: feeStructureListQuerySchema,
  access: { read: 'signedIn', write: ['admin'] },
  messages: {
    notFound: feeMessages.structureNotFound,
    invalidColumn: feeMessages.invalidColumn,
    added: feeMessages.structureAdded,
    updated: feeMessages.structureUpdated,
    deleted: feeMessages.structureDeleted,
  },
  searchColumns: ['academicYear'],
  reader: scopedReader,
  reads: {
    all: (db, reader, filter) => visible(db, reader, filter),
    page: (db, reader, page, filter) => repo.structurePage(db, reader.tenantId, visibleFilter(reader, filter), page),
    search: async (db, reader, column, value, page) => listPage((await visible(db, reader, {})).filter((one) => String(one[column]).includes(value.trim())), page),
    async one(db, { tenantId, scope }, id) {
      const found = await repo.structure(db, tenantId, id);
      return found && (scope.school || scope.classIds.includes(found.classId)) ? found : undefined;
    },
  },
  async create(tx, request, input) {
    const tenantId = userOf(request).tenantId;
    const id = input.id ?? randomUUID();
    await assertRecordIdFree(tx, feeStructures, id);
    await assertStructureInput(tx, tenantId, input);
    const { classId, academicYear, fineKind, fineAmount, fineCap } = input;
    try {
      await setup.insertStructure(tx, { id, tenantId, classId, academicYear, fineKind, fineAmount, fineCap });
    } catch (error) {
      if (uniqueViolation(error) === 'fee_structures_tenant_class_year_idx') throw structureTaken(academicYear);
      throw error;
    }
    await writeInstallments(tx, tenantId, id, input);
    return repo.structure(tx, tenantId, id);
  },
  update: {
    check: (tx, request, id) => repo.structure(tx, userOf(request).tenantId, id),
    kept: (tx, request, id) => repo.structure(tx, userOf(request).tenantId, id),
    async apply(tx, request, id, input, stored) {
      const tenantId = userOf(request).tenantId;
      if (stored.classId !== input.classId || stored.academicYear !== input.academicYear) {
        throw badRequest(feeMessages.structureFixed, { fieldErrors: { classId: [feeMessages.structureFixed] } });
      }
      await assertStructureInput(tx, tenantId, input);
      await writeInstallments(tx, tenantId, id, input);
      await setup.updateStructureFine(tx, tenantId, id, { fineKind: input.fineKind, fineAmount: input.fineAmount, fineCap: input.fineCap });
      return repo.structure(tx, tenantId, id);
    },
  },
  remove: {
    check: (tx, request, id) => repo.structure(tx, userOf(request).tenantId, id),
    async apply(tx, request, id) {
      const tenantId = userOf(request).tenantId;
      if (await setup.structurePaid(tx, tenantId, id)) throw conflict(feeMessages.structurePaid);
      await setup.softDeleteStructure(tx, tenantId, id);
    },
  },
});
