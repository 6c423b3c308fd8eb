/**
 * Reads by index for many keys at once. Dexie's `anyOf` walks one cursor and waits a round trip
 * per key; a sheet's change names 30 refs and a batch's answers 1,500, so those round trips were
 * most of what recording and accepting a change cost (bench:offline). Here every key's `getAll`
 * is issued together in the caller's transaction and they are answered in one go.
 */
import type { IndexableType, Table } from 'dexie';
import type { KakshaDb, OutboxEntry } from './db';

/** The rows whose `index` equals any of `keys` (a row twice when a multi-entry index holds two of them). */
export async function rowsWithAny<T>(table: Table<T>, index: string, keys: Iterable<IndexableType>): Promise<T[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const lists = await Promise.all(unique.map((key) => table.where(index).equals(key).toArray()));
  return lists.flat();
}

/** The outbox entries naming any of `keys` in a multi-entry index, once each, in push order. */
export async function outboxEntriesWith(db: KakshaDb, index: 'refs' | 'creates', keys: Iterable<string>): Promise<OutboxEntry[]> {
  const bySeq = new Map<number, OutboxEntry>();
  for (const entry of await rowsWithAny(db.outbox, index, keys)) bySeq.set(entry.seq!, entry);
  return [...bySeq.values()].sort((a, b) => a.seq! - b.seq!);
}

/**
 * Rows by primary key, as `bulkGet` (a request per key). A table holding no more rows than the keys
 * asked (a device's tombstones, usually none) is read whole in one request instead.
 */
export async function rowsByKey<T>(table: Table<T, string>, keys: readonly string[], keyOf: (row: T) => string): Promise<(T | undefined)[]> {
  if (keys.length < 2 || (await table.count()) > keys.length) return table.bulkGet([...keys]);
  const all = new Map((await table.toArray()).map((row) => [keyOf(row), row]));
  return keys.map((key) => all.get(key));
}
