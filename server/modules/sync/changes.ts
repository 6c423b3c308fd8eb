/**
 * Reads one page of changes from the pull sources the modules register (server/module-kit/sync-source.ts,
 * listed by server/modules/index.ts): every source's rows after the window's position, merged in
 * (txid, rev) order.
 *
 * Records with parts from other tables (a mapping's class, subject and teacher names; an
 * admission's class and nested student) travel again when such a part changes: triggers of
 * migration 0007 touch the dependent rows, which takes them a new rev and txid.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import type { SyncScope } from '../../module-kit/scope';
import type { SyncSource } from '../../module-kit/sync-source';
import type { Position } from './cursor';

export interface ChangeRow {
  entity: SyncEntity;
  id: string;
  rev: number;
  txid: string;
  deleted: boolean;
  record: unknown;
}

export interface PageWindow {
  tenantId: string;
  after: Position;
  /** Only transactions older than this (the oldest still running) are handed out. */
  fence: string;
  /** Tombstones of transactions before this are left out (a pull from empty needs none). */
  skipTombstonesBefore: string | null;
  limit: number;
}

async function readSource(
  db: Db,
  src: SyncSource,
  scope: SyncScope,
  window: PageWindow,
): Promise<ChangeRow[]> {
  const scoped = src.where(scope);
  if (scoped === 'none') return [];
  const t = src.table;
  const rows = await db
    .select()
    .from(t as PgTable)
    .where(
      and(
        eq(t.tenantId, window.tenantId),
        scoped,
        sql`(${t.txid}, ${t.rev}) > (${window.after.txid}::xid8, ${window.after.rev}::bigint)`,
        sql`${t.txid} < ${window.fence}::xid8`,
        window.skipTombstonesBefore
          ? or(isNull(t.deletedAt), sql`${t.txid} >= ${window.skipTombstonesBefore}::xid8`)
          : undefined,
      ),
    )
    .orderBy(asc(t.txid), asc(t.rev))
    .limit(window.limit + 1);
  const synced = (row: (typeof rows)[number]) => row as { id: string; rev: number; txid: string; deletedAt: Date | null };
  const records = await src.records(db, window.tenantId, rows.filter((row) => synced(row).deletedAt === null));
  return rows.map((row) => {
    const { id, rev, txid, deletedAt } = synced(row);
    const record = deletedAt === null ? records.get(id) : undefined;
    return { entity: src.entity, id, rev: Number(rev), txid: String(txid), deleted: deletedAt !== null || record === undefined, record };
  });
}

/** Up to limit + 1 changes after the window's position, in (txid, rev) order across all sources. */
export async function readChanges(
  db: Db,
  sources: readonly SyncSource[],
  scope: SyncScope,
  window: PageWindow,
): Promise<ChangeRow[]> {
  const all: ChangeRow[] = [];
  for (const src of sources) all.push(...(await readSource(db, src, scope, window)));
  all.sort((a, b) => {
    const ax = BigInt(a.txid);
    const bx = BigInt(b.txid);
    return ax === bx ? a.rev - b.rev : ax < bx ? -1 : 1;
  });
  return all.slice(0, window.limit + 1);
}
