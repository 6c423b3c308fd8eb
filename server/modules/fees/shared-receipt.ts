/**
 * What a signed link to a receipt opens (server/modules/shared/, public to it: eslint.config.js):
 * the one receipt of the school as its print shows it, the numbers of the receipts it names (the
 * one it replaces, the one issued in its place) and the school's UPI payee for the balance's QR
 * code. Nothing is scoped to a person: the link is the permission.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FeeReceipt, FeeSettings } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { feeRepository } from './repository';
import { feeReceipts } from './tables';

export interface ReceiptToShare {
  receipt: FeeReceipt;
  linked: { id: string; receiptNumber: string }[];
  payee: Pick<FeeSettings, 'upiId' | 'payeeName'>;
}

/** The school's receipt `id` (a uuid), or undefined when the school has none by that id. */
export async function receiptToShare(db: Db, tenantId: string, id: string): Promise<ReceiptToShare | undefined> {
  const [live] = await db
    .select({ id: feeReceipts.id })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.tenantId, tenantId), eq(feeReceipts.id, id), isNull(feeReceipts.deletedAt)));
  if (!live) return undefined;
  const receipt = await feeRepository.receipt(db, tenantId, id);
  if (!receipt) return undefined;
  const linkedIds = [receipt.replaces, receipt.replacedBy].filter((one): one is string => one !== null);
  const linked = (await feeRepository.receiptsByIds(db, tenantId, linkedIds)).map((one) => ({ id: one.id, receiptNumber: one.receiptNumber }));
  const { upiId, payeeName } = await feeRepository.settings(db, tenantId);
  return { receipt, linked, payee: { upiId, payeeName } };
}
