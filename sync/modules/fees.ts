/** Fees on the device: heads, structures, concessions and receipts (docs/decisions.md "Fees (issue 14)"), and their kinds. */
import { collectFeeKind, correctReceiptKind, feeConcessionKinds, feeHeadKinds } from '../kinds/fees';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable } from './fee-tables';
import { defineSyncModule } from './module';

export { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from './fee-tables';

export const feesSync = defineSyncModule({
  name: 'fees',
  tables: [feeHeadsTable, feeStructuresTable, feeConcessionsTable, feeReceiptsTable],
  kinds: [collectFeeKind, correctReceiptKind, ...feeHeadKinds, ...feeConcessionKinds],
});
