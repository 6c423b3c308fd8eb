/**
 * What a module hands to GET /api/sync/pull for each entity it syncs: its table, which rows a
 * user's scope covers, and how a row travels as a record (as the entity's read endpoints return
 * it). The pull (server/modules/sync) reads every source the module registry lists and knows no
 * module by name (docs/sync-server.md "Pull").
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SyncScope } from './scope';

/** The columns migration 0004's trigger keeps on every synced table. */
export interface SyncedColumns {
  id: PgColumn;
  tenantId: PgColumn;
  rev: PgColumn;
  txid: PgColumn;
  deletedAt: PgColumn;
}

export type SyncedTable = PgTable & SyncedColumns;

export interface SyncSource<T extends SyncedTable = SyncedTable> {
  /** A name of the entity list the server is built with (contract/sync-entities.ts; app.ts checks it at start-up). */
  entity: string;
  table: T;
  /** The scope's rows of this table: undefined for all of the school's, 'none' when it covers none. */
  where(scope: SyncScope): SQL | undefined | 'none';
  /** The records of the live rows of a page, by id (a record joined from other tables is read here). */
  records(db: Db, tenantId: string, rows: T['$inferSelect'][]): Promise<Map<string, unknown>>;
}

/** Types a source by its table; the registry holds them as plain SyncSource. */
export function defineSyncSource<T extends SyncedTable>(source: SyncSource<T>): SyncSource {
  return source as unknown as SyncSource;
}

/** For a record made from its own row alone. */
export function eachRow<R extends { id: string }>(record: (row: R) => unknown) {
  return (_db: Db, _tenantId: string, rows: R[]) => Promise.resolve(new Map(rows.map((row) => [row.id, record(row)])));
}

/** Records read by a repository, keyed by id. */
export function byId<R extends { id: string }>(records: R[]): Map<string, unknown> {
  return new Map(records.map((record) => [record.id, record]));
}

/**
 * Refuses to start a server whose pull would send an entity the entity list does not name: its
 * answer could not say it (contract/sync.ts pullResponseSchemaOf), and no device would have a
 * table for it. A module that syncs adds its line to contract/sync-entities.ts.
 */
export function checkSyncSources(sources: readonly SyncSource[], entities: readonly { name: string }[]): void {
  const names = new Set(entities.map((entity) => entity.name));
  for (const source of sources) {
    if (!names.has(source.entity)) throw new Error(`The pull source of '${source.entity}' names an entity that contract/sync-entities.ts does not list`);
  }
}
