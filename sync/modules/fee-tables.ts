/** The fee mirror tables (schema version 4) and their rows; apart from sync/modules/fees.ts so the kinds can read them. */
import type { FeeConcession, FeeHead, FeeReceipt, FeeStructure } from '../../contract/fees';
import { mirrorTable } from './module';

/** A receipt as the mirror holds it: made on this device, it has no number until the school gives one. */
export type FeeReceiptRow = Omit<FeeReceipt, 'receiptNumber' | 'receiptSeq'> & { receiptNumber: string | null; receiptSeq: number | null };

export const feeHeadsTable = mirrorTable<FeeHead>()('feeHeads', { 4: 'id, name, rev' });
export const feeStructuresTable = mirrorTable<FeeStructure>()('feeStructures', { 4: 'id, classId, academicYear, rev' });
export const feeConcessionsTable = mirrorTable<FeeConcession>()('feeConcessions', { 4: 'id, studentId, academicYear, rev' });
export const feeReceiptsTable = mirrorTable<FeeReceiptRow>()('feeReceipts', { 4: 'id, studentId, paidOn, receiptNumber, status, rev' });
