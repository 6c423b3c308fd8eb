/** Fees on the device: heads, structures, concessions and receipts (docs/decisions.md "Fees"), their kinds, and what each student's receipts paid. */
import { collectFeeKind, correctReceiptKind, feeConcessionKinds, feeHeadKinds } from '../kinds/fees';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable } from '../tables/fees';
import { defineSyncModule } from '../module-kit';
import { feesPaidTable } from '../tables/fees-paid';

export { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../tables/fees';
export { feesPaidTable, feeYearUnknown, receiptsOfPaid, type FeesPaidRow } from '../tables/fees-paid';

export const feesSync = defineSyncModule({
  name: 'fees',
  tables: [feeHeadsTable, feeStructuresTable, feeConcessionsTable, feeReceiptsTable],
  kinds: [collectFeeKind, correctReceiptKind, ...feeHeadKinds, ...feeConcessionKinds],
  tallies: [feesPaidTable],
});
