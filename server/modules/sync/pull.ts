/**
 * GET /api/sync/pull: the changes after a cursor that a user may see, never one skipped, never
 * one twice, also when writes commit out of rev order.
 *
 * Order: by (txid, rev), where txid is the xid8 of the transaction that wrote the row. Fence: a
 * page hands out only rows whose transaction is older than pg_snapshot_xmin of its own snapshot,
 * the oldest transaction still running. Every transaction below the fence has ended, so its rows
 * are all visible now and no row can later appear at a position below the fence; a transaction
 * running now, or starting later, has an id at or above it. So once a position is handed out,
 * nothing ever commits before it. docs/sync-server.md has the proof and the alternatives.
 */
import { eq, sql } from 'drizzle-orm';
import type { PullResponse, SyncChange } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { syncHorizons } from './tables';
import type { AuthUser } from '../../types';
import { comparePositions, decodeCursor, encodeCursor, startPosition, type Cursor, type Position } from './cursor';
import { scopeOf } from '../../module-kit/scope';
import type { SyncSource } from '../../module-kit/sync-source';
import { readPage, recordsInScope } from './changes';

const resetAnswer: PullResponse = { changes: [], cursor: '', hasMore: true, reset: true };

async function snapshotFence(db: Db): Promise<{ fence: string; next: string }> {
  const [row] = await queryRows<{ fence: string; next: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as fence, pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  if (!row) throw new Error('no snapshot');
  return { fence: String(row.fence), next: String(row.next) };
}

async function purgedThrough(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ purgedThrough: syncHorizons.purgedThrough })
    .from(syncHorizons)
    .where(eq(syncHorizons.tenantId, tenantId));
  return row?.purgedThrough;
}

/**
 * A page holds at most this many bytes of records (and at least one record), about 40 KiB on the
 * wire once compressed: enough that a first pull is a few dozen round trips rather than a hundred
 * (on 3G each costs the 300 ms round trip and the server's time), small enough that a page of
 * students is parsed and stored in one short IndexedDB transaction on a budget phone
 * (docs/sync-server.md "Page size").
 */
export const pullPageBytes = 384 * 1024;

/** Runs in one read-only REPEATABLE READ transaction: fence, scope and rows share one snapshot. */
export function pull(
  db: Db,
  sources: readonly SyncSource[],
  user: AuthUser,
  rawCursor: string,
  limit: number,
): Promise<PullResponse> {
  return db.transaction(
    async (tx) => {
      // The first statement takes the transaction's snapshot; the fence is that snapshot's xmin.
      const { fence, next } = await snapshotFence(tx);
      const scope = await scopeOf(tx, user);

      let cursor: Cursor;
      if (rawCursor === '') {
        cursor = { position: startPosition, initialFence: fence, fingerprint: scope.fingerprint };
      } else {
        const decoded = decodeCursor(rawCursor);
        if (!decoded || decoded.fingerprint !== scope.fingerprint) return resetAnswer;
        // A cursor from the future (the database was restored from a backup, or the cursor was
        // forged): start over.
        if (BigInt(decoded.position.txid) > BigInt(next)) return resetAnswer;
        if (decoded.initialFence !== null && BigInt(decoded.initialFence) > BigInt(next)) return resetAnswer;
        const horizon = await purgedThrough(tx, user.tenantId);
        if (horizon !== undefined && BigInt(decoded.position.txid) <= BigInt(horizon)) return resetAnswer;
        cursor = decoded;
      }

      const skipBefore =
        cursor.initialFence && BigInt(cursor.position.txid) < BigInt(cursor.initialFence) ? cursor.initialFence : null;
      const { changes: page, hasMore } = await readPage(tx, sources, scope, {
        tenantId: user.tenantId,
        after: cursor.position,
        fence,
        skipTombstonesBefore: skipBefore,
        limit,
        maxBytes: pullPageBytes,
      });
      const changes: SyncChange[] = page.map((row) =>
        row.deleted
          ? { entity: row.entity, id: row.id, rev: row.rev, op: 'delete' }
          : { entity: row.entity, id: row.id, rev: row.rev, op: 'upsert', record: row.record },
      );

      let position: Position = cursor.position;
      const last = page.at(-1);
      if (last) position = { txid: last.txid, rev: last.rev };
      // Caught up: everything in scope below the fence is out, so the position moves to the fence
      // (keeps quiet cursors young, ahead of the tombstone purge).
      if (!hasMore) {
        const atFence = { txid: fence, rev: 0 };
        if (comparePositions(atFence, position) > 0) position = atFence;
      }
      const initialFence = skipBefore && BigInt(position.txid) < BigInt(skipBefore) ? skipBefore : null;
      // A pull from empty says what it will bring, so a device can show what is left of it.
      const expected = rawCursor === '' && hasMore ? await recordsInScope(tx, sources, scope, user.tenantId, fence) : undefined;
      return {
        changes,
        cursor: encodeCursor({ position, initialFence, fingerprint: scope.fingerprint }),
        hasMore,
        reset: false,
        ...(expected ? { expected } : {}),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
