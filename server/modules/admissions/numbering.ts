/**
 * Gapless admission numbers per school and academic year: one counter row taken with an upsert
 * inside the caller's transaction. The upsert locks the row until that transaction ends, so
 * concurrent writers queue on it; a rollback gives the number back. Hence no duplicates and no gaps
 * (docs/records-server.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admissionCounters } from './tables';

export async function nextAdmissionSeq(tx: Db, tenantId: string, admissionYear: number): Promise<number> {
  const [row] = await tx
    .insert(admissionCounters)
    .values({ tenantId, admissionYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [admissionCounters.tenantId, admissionCounters.admissionYear],
      set: { lastNumber: sql`${admissionCounters.lastNumber} + 1` },
    })
    .returning({ value: admissionCounters.lastNumber });
  if (!row) throw new Error('admission counter upsert returned nothing');
  return row.value;
}
