/**
 * Conflict rules of SYNC.md, shared by every module whose records are written offline:
 * - a write carries the `rev` it was based on; when the server's copy moved on since, the server
 *   keeps its copy and the device's version goes into record_history, with a notice to show;
 * - the same stale change sent again adds no second history entry;
 * - device clocks decide nothing: a device time is kept as information only when plausible.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { recordHistory } from '../../db/schema';
import { canonicalJson } from '../../plugins/idempotency';

/** A device time further back than this, or ahead of the server, is not believed. */
export const deviceTimeWindow = { pastMs: 90 * 24 * 3600 * 1000, futureMs: 5 * 60 * 1000 };

/** The device's time when it lies within the window around the server's clock; otherwise null. */
export function plausibleDeviceTime(value: string | undefined | null, now = Date.now()): Date | null {
  if (!value) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  if (at < now - deviceTimeWindow.pastMs || at > now + deviceTimeWindow.futureMs) return null;
  return new Date(at);
}

export interface HistoryEntry {
  tenantId: string;
  entity: SyncEntity;
  recordId: string;
  payload: unknown;
  authorUserId: string;
  reason: 'changed' | 'deleted';
  keptRev: number;
}

/** Stores the version the server did not apply (once per author, record, kept rev and payload). */
export async function keepInHistory(db: Db, entry: HistoryEntry): Promise<void> {
  const payload = JSON.parse(JSON.stringify(entry.payload)) as unknown;
  await db
    .insert(recordHistory)
    .values({
      id: randomUUID(),
      ...entry,
      payload,
      payloadHash: createHash('sha256').update(canonicalJson(payload)).digest('hex'),
    })
    .onConflictDoNothing();
}
