/** The fees module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { feeConcessionPaths, feeHeadPaths, feePaths, feeStructurePaths } from '../../../contract/fees';
import { defineModule } from '../../module-kit/module';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { feeConcessionRoutes } from './concession-routes';
import { feeHeadRoutes } from './head-routes';
import { feeReceiptRoutes } from './receipt-routes';
import { registerFeeReminderSchedule } from './reminder-schedule';
import { feeStructureRoutes } from './structure-routes';
import { feeConcessionsSyncSource, feeHeadsSyncSource, feeReceiptsSyncSource, feeStructuresSyncSource } from './sync-source';

/** The set-up (heads, structures, concessions), then collection and dues. */
const feeRoutes: ZodPlugin = async (app, options) => {
  registerFeeReminderSchedule(app);
  for (const routes of [feeHeadRoutes, feeStructureRoutes, feeConcessionRoutes, feeReceiptRoutes]) await routes.call(app, app, options);
};

export const feesModule = defineModule({
  name: 'fees',
  summary: 'Fee heads, class fee structures, concessions, counter collection with gapless receipts, and dues.',
  routes: feeRoutes,
  syncSources: [feeHeadsSyncSource, feeStructuresSyncSource, feeConcessionsSyncSource, feeReceiptsSyncSource],
  paths: { feeHeads: feeHeadPaths, feeStructures: feeStructurePaths, feeConcessions: feeConcessionPaths, fees: feePaths },
});
