/**
 * Gapless certificate serials per school and kind, taken as admission numbers are
 * (admissions/numbering.ts): one counter row locked by an upsert inside the issuing transaction.
 */
import { sql } from 'drizzle-orm';
import type { CertificateKind } from '../../../contract/certificate';
import type { Db } from '../../db/client';
import { certificateCounters } from './tables';

export async function nextCertificateSerial(tx: Db, tenantId: string, kind: CertificateKind): Promise<number> {
  const [row] = await tx
    .insert(certificateCounters)
    .values({ tenantId, kind, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [certificateCounters.tenantId, certificateCounters.kind],
      set: { lastSerial: sql`${certificateCounters.lastSerial} + 1` },
    })
    .returning({ value: certificateCounters.lastSerial });
  if (!row) throw new Error('certificate counter upsert returned nothing');
  return row.value;
}
