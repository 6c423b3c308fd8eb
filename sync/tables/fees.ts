/** The fee mirror tables (schema version 4) and their rows, below the kinds that read them (sync/modules/fees.ts lists them). */
import type { FeeConcession, FeeHead, FeeReceipt, FeeStructure } from '../../contract/fees';
import { mirrorTable } from '../mirror-table';

/**
 * A receipt as the mirror holds it: made on this device, it has no number until the school gives
 * one. A copy the school sent before receipts kept their day, back-dated fine and balances lacks them.
 */
type FixedAtIssue = 'recordedOn' | 'backdatedFine' | 'balanceDue' | 'yearBalance';
export type FeeReceiptRow = Omit<FeeReceipt, 'receiptNumber' | 'receiptSeq' | FixedAtIssue> &
  Partial<Pick<FeeReceipt, FixedAtIssue>> & { receiptNumber: string | null; receiptSeq: number | null };

export const feeHeadsTable = mirrorTable<FeeHead>()('feeHeads', { 4: 'id, name, rev' });
export const feeStructuresTable = mirrorTable<FeeStructure>()('feeStructures', { 4: 'id, classId, academicYear, rev' });
export const feeConcessionsTable = mirrorTable<FeeConcession>()('feeConcessions', { 4: 'id, studentId, academicYear, rev' });
export const feeReceiptsTable = mirrorTable<FeeReceiptRow>()('feeReceipts', { 4: 'id, studentId, paidOn, receiptNumber, status, rev' });
