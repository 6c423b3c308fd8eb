/**
 * Gapless numbers per school: the next admission number of an academic year and the next serial of
 * a certificate kind. Each is one counter row taken with an upsert inside the caller's transaction:
 * the upsert locks the row until that transaction ends, so concurrent writers queue on it; a
 * rollback gives the number back. Hence no duplicates and no gaps (docs/records-server.md).
 */
import { sql } from 'drizzle-orm';
import type { CertificateKind } from '../../../contract/certificate';
import type { Db } from '../../db/client';
import { admissionCounters, certificateCounters } from '../../db/schema';

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
