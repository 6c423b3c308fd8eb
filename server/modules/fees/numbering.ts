/**
 * The next receipt serial of a school's academic year: one counter row taken with an upsert inside
 * the collecting write's transaction. The upsert locks the row until that transaction ends, so
 * concurrent cashiers queue on it; a rollback (a refused payment) gives the number back. Hence no
 * duplicates and no gaps, as for admission numbers (admissions/numbering.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feeReceiptCounters } from './tables';

export async function nextReceiptSeq(tx: Db, tenantId: string, academicYear: number): Promise<number> {
  const [row] = await tx
    .insert(feeReceiptCounters)
    .values({ tenantId, academicYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [feeReceiptCounters.tenantId, feeReceiptCounters.academicYear],
      set: { lastNumber: sql`${feeReceiptCounters.lastNumber} + 1` },
    })
    .returning({ value: feeReceiptCounters.lastNumber });
  if (!row) throw new Error('receipt counter upsert returned nothing');
  return row.value;
}
