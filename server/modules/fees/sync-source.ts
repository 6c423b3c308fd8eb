/**
 * Fees in the pull: heads to everyone of the school; structures to staff, and to a family for its
 * children's classes; concessions and receipts to admins, and to a family for its children (a
 * teacher's device holds none: teachers read fees online when the school allows it).
 */
import { inArray } from 'drizzle-orm';
import { feeConcessions, feeHeads, feeReceipts, feeStructures } from './tables';
import { byId, defineSyncSource, eachRow } from '../../module-kit/sync-source';
import type { SyncScope } from '../../module-kit/scope';
import { concessionRecord, feeRepository, headRecord } from './repository';

const adminOrFamily = (scope: SyncScope, column: typeof feeReceipts.studentId | typeof feeConcessions.studentId) =>
  scope.role === 'admin' ? undefined : scope.school ? 'none' : scope.studentIds.length ? inArray(column, scope.studentIds) : 'none';

export const feeHeadsSyncSource = defineSyncSource({
  entity: 'feeHeads',
  table: feeHeads,
  where: () => undefined,
  records: eachRow(headRecord),
});

export const feeStructuresSyncSource = defineSyncSource({
  entity: 'feeStructures',
  table: feeStructures,
  // A family's structures include last year's class's: its dues are read by choosing that year.
  where: (scope) => {
    if (scope.school) return undefined;
    const classIds = [...scope.classIds, ...scope.formerClassIds];
    return classIds.length ? inArray(feeStructures.classId, classIds) : 'none';
  },
  records: async (db, tenantId, rows) => byId(await feeRepository.structuresOfRows(db, tenantId, rows)),
});

export const feeConcessionsSyncSource = defineSyncSource({
  entity: 'feeConcessions',
  table: feeConcessions,
  where: (scope) => adminOrFamily(scope, feeConcessions.studentId),
  records: eachRow(concessionRecord),
});

export const feeReceiptsSyncSource = defineSyncSource({
  entity: 'feeReceipts',
  table: feeReceipts,
  where: (scope) => adminOrFamily(scope, feeReceipts.studentId),
  records: async (db, tenantId, rows) => byId(await feeRepository.receiptsOfRows(db, tenantId, rows)),
});
