/** The kinds of write (add, put, delete, …) that reach one table's store, in order, below every middleware of the store. */
import type { Dexie } from 'dexie';

export function watchWrites(db: Dexie, table: string): string[] {
  const writes: string[] = [];
  db.use({
    stack: 'dbcore',
    name: `WatchWrites:${table}`,
    level: 0,
    create: (down) => ({
      ...down,
      table: (name) => {
        const source = down.table(name);
        return name !== table ? source : { ...source, mutate: (req) => (writes.push(req.type), source.mutate(req)) };
      },
    }),
  });
  return writes;
}
