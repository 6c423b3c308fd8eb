/**
 * Conflict rules of docs/sync-server.md ("Conflicts"), shared by every module whose records are
 * written offline (below the modules, so a module needs no other module to keep them):
 * - a write carries the `rev` it was based on; when the server's copy moved on since, the server
 *   keeps its copy and the device's version goes into record_history, with a notice to show;
 * - the same stale change sent again adds no second history entry;
 * - device clocks decide nothing: a device time is kept as information only when plausible.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { messages } from '../../contract/messages';
import type { ConflictAnswer, ConflictNotice, SyncEntity } from '../../contract/sync';
import type { Db } from '../db/client';
import { recordHistory } from '../db/service-tables';
import { canonicalJson, type WriteResult } from '../plugins/idempotency';
import type { AuthUser } from '../types';

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

interface VersionedTable {
  id: PgColumn;
  tenantId: PgColumn;
  rev: PgColumn;
  deletedAt: PgColumn;
  /** Tables whose rev also moves when a joined row changes (server/db/columns.ts contentRevColumn). */
  contentRev?: PgColumn;
}

export interface RecordUpdateCheck {
  entity: SyncEntity;
  table: PgTable & VersionedTable;
  user: AuthUser;
  id: string;
  /** The rev the device edited; undefined: the last write wins (contract/sync.ts). */
  baseRev: number | undefined;
  /** The device's version as sent. */
  yours: unknown;
  /** The server's copy as the entity's read endpoints return it. */
  kept: () => Promise<unknown>;
}

/**
 * The baseRev rule of record updates (contract/sync.ts `baseRevShape`), run inside the route's
 * runWrite after its permission checks. Locks the stored row (live or deleted); when the device's
 * baseRev is older than the row's last change of its own (`content_rev` where touches move `rev`,
 * else `rev`), the update must not be applied: the device's version goes to history and
 * the answer to send instead is returned (200, the kept record or `{ id, deleted: true }`, with
 * `conflict`). Undefined: go ahead (no baseRev, the same rev, or no such record: the route's 404).
 */
export async function lostUpdate(tx: Db, check: RecordUpdateCheck): Promise<WriteResult | undefined> {
  if (check.baseRev === undefined) return undefined;
  const { table, user, id, entity } = check;
  const [stored] = await tx
    .select({ rev: table.rev, contentRev: table.contentRev ?? table.rev, deletedAt: table.deletedAt })
    .from(table as PgTable)
    .where(and(eq(table.tenantId, user.tenantId), eq(table.id, id)))
    .for('update');
  if (!stored) return undefined;
  const deleted = stored.deletedAt !== null;
  // A copy is current when nothing of the row itself changed after it: a copy taken before a
  // touch (a renamed teacher re-sending the mapping) is as good as the touched one.
  const current = table.contentRev ? check.baseRev >= Number(stored.contentRev) : Number(stored.rev) === check.baseRev;
  if (!deleted && current) return undefined;

  const reason = deleted ? 'deleted' : 'changed';
  const kept = deleted ? null : await check.kept();
  await keepInHistory(tx, {
    tenantId: user.tenantId,
    entity,
    recordId: id,
    payload: check.yours,
    authorUserId: user.id,
    reason,
    keptRev: deleted ? 0 : Number(stored.rev),
  });
  const message = deleted ? messages.sync.recordDeleted : messages.sync.recordChanged;
  const conflict: ConflictNotice = { entity, id, reason, kept, yours: check.yours, message };
  const data: ConflictAnswer<object> = deleted ? { id, deleted: true, conflict } : { ...(kept as object), conflict };
  return { message, data };
}
