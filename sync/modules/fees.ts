/** Fees on the device: heads, structures, concessions and receipts (docs/decisions.md "Fees"), and their kinds. */
import { collectFeeKind, correctReceiptKind, feeConcessionKinds, feeHeadKinds } from '../kinds/fees';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable } from '../tables/fees';
import { defineSyncModule } from '../module-kit';

export { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../tables/fees';

export const feesSync = defineSyncModule({
  name: 'fees',
  tables: [feeHeadsTable, feeStructuresTable, feeConcessionsTable, feeReceiptsTable],
  kinds: [collectFeeKind, correctReceiptKind, ...feeHeadKinds, ...feeConcessionKinds],
});
