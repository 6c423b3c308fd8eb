/**
 * A mirror table as a module declares it (docs/adding-a-module.md "Client side"): the entity whose
 * pull changes land in it, and its Dexie indexes by the schema version that introduced them. The
 * store (sync/db.ts) builds its schema history from the specs it is opened with.
 */
export interface MirrorTableSpec<N extends string = string, Row = unknown, Key = unknown> {
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
  return <const N extends string>(name: N, indexes: Readonly<Record<number, string>>): MirrorTableSpec<N, Row, Key> => ({
    name,
    indexes,
  });
}
