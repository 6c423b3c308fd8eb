/**
 * What a module tells the offline engine (docs/adding-a-module.md "Client side"): the mirror tables
 * it fills from the pull, with their Dexie indexes by the schema version that introduced them, and
 * its mutation kinds. sync/modules/index.ts lists the modules; the store's schema history, the
 * tables a sync transaction spans and the engine's kinds are derived from that list.
 */
import type { SyncEntity } from '../../contract/sync';
import type { MutationKind } from '../kinds/kind';

export interface MirrorTableSpec<N extends SyncEntity = SyncEntity, Row = unknown, Key = unknown> {
  /** The entity's name (contract/sync-entities.ts): the pull's changes of it land in this table. */
  name: N;
  /**
   * The table's Dexie store string, keyed by the schema version that introduced it. A released
   * version is never edited: new or changed indexes are a new entry under the next version.
   */
  indexes: Readonly<Record<number, string>>;
  /** Types only: the row the table holds and its primary key. */
  readonly row?: Row;
  readonly key?: Key;
}

/** A mirror table of rows `Row` keyed by `Key` (`mirrorTable<HomeworkRow>()('homework', { 3: 'id, classId, rev' })`). */
export function mirrorTable<Row, Key = string>() {
  return <const N extends SyncEntity>(name: N, indexes: Readonly<Record<number, string>>): MirrorTableSpec<N, Row, Key> => ({
    name,
    indexes,
  });
}

/** Any kind, whatever its payload and body (methods compare bivariantly, so every kind fits). */
export type AnyKind = MutationKind<unknown, unknown, string>;

export interface SyncModule<
  Tables extends readonly MirrorTableSpec[] = readonly MirrorTableSpec[],
  Kinds extends readonly AnyKind[] = readonly AnyKind[],
> {
  name: string;
  tables: Tables;
  kinds: Kinds;
}

export function defineSyncModule<const Tables extends readonly MirrorTableSpec[], const Kinds extends readonly AnyKind[]>(
  module: SyncModule<Tables, Kinds>,
): SyncModule<Tables, Kinds> {
  return module;
}
