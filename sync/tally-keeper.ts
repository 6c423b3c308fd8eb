/**
 * Keeps tally tables (sync/tally-table.ts) in step with their source tables: a Dexie middleware
 * below every write of the store, so whatever writes a source row (a pull page, a push answer, a
 * change made on this device or undone, a sweep, a clear) moves its group's counts in the same
 * transaction, and a transaction that aborts leaves both as they were. A read-write transaction
 * over a source table also spans its tally tables. Writes pass through Dexie's observation above
 * IndexedDB, so a live query over a tally runs again when its counts move.
 *
 * Written with `.then` on the promises the layers below return (Dexie's own), never `await`: the
 * layers below find the running transaction in Dexie's zone, which those callbacks keep and an
 * `await` would lose.
 */
import { Dexie, type DBCore, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type DBCoreTransaction, type Middleware, type Transaction } from 'dexie';
import { addToTallies, isEmptyTally, tallyOf, type AnyTallyTableSpec } from './tally-table';

type Row = Record<string, unknown>;

/** Dexie's range type "any" (every key), as `clear()` sends it. */
const anyRange = 3;

/** The primary keys a write names, one per operation (none for a range). */
function keysOf(source: DBCoreTable, req: Exclude<DBCoreMutateRequest, { type: 'deleteRange' }>): unknown[] {
  if (req.type === 'delete') return req.keys;
  return req.keys ?? req.values.map((value: unknown) => source.schema.primaryKey.extractKey!(value));
}

/** The source rows a write replaces or removes (those that were there before it), by operation. */
function rowsBefore(source: DBCoreTable, req: DBCoreMutateRequest): Promise<(Row | undefined)[]> {
  if (req.type === 'add') return Dexie.Promise.resolve([]);
  if (req.type === 'deleteRange') {
    return source.query({ trans: req.trans, values: true, query: { index: source.schema.primaryKey, range: req.range } }).then((found) => found.result as Row[]);
  }
  return source.getMany({ trans: req.trans, keys: keysOf(source, req) }) as Promise<(Row | undefined)[]>;
}

/**
 * The rows a write removed and the rows it left, from the rows there before it, operation by
 * operation: a failed operation changes nothing, and a key named twice is replaced twice.
 */
function applied(source: DBCoreTable, req: DBCoreMutateRequest, before: readonly (Row | undefined)[], answer: DBCoreMutateResponse): { removed: Row[]; added: Row[] } {
  if (req.type === 'deleteRange') return { removed: before.filter((row): row is Row => row !== undefined), added: [] };
  const keys = keysOf(source, req);
  const now = new Map<string, Row | undefined>();
  const removed: Row[] = [];
  const added: Row[] = [];
  keys.forEach((key, index) => {
    if (answer.failures[index] !== undefined) return;
    const text = JSON.stringify(key);
    const was = now.has(text) ? now.get(text) : before[index];
    const row = req.type === 'delete' ? undefined : (req.values[index] as Row);
    if (was) removed.push(was);
    if (row) added.push(row);
    now.set(text, row);
  });
  return { removed, added };
}

/** Moves one tally's rows by what a write removed and added. */
function moveTally(tally: DBCoreTable, spec: AnyTallyTableSpec, trans: DBCoreTransaction, removed: readonly Row[], added: readonly Row[]): Promise<unknown> {
  if (removed.length === 0 && added.length === 0) return Dexie.Promise.resolve();
  const keyOfGroup = (group: object): unknown => tally.schema.primaryKey.extractKey!(group);
  const textOf = (group: object) => JSON.stringify(keyOfGroup(group));
  const groups = new Map<string, unknown>();
  for (const row of [...removed, ...added]) {
    const key = keyOfGroup(spec.groupOf(row) as object);
    groups.set(JSON.stringify(key), key);
  }
  return tally.getMany({ trans, keys: [...groups.values()] }).then((stored: (Row | undefined)[]) => {
    const tallies = new Map<string, Row>();
    [...groups.keys()].forEach((text, index) => {
      const row = stored[index];
      if (row) tallies.set(text, { ...row });
    });
    addToTallies(spec, tallies, removed, -1, textOf);
    addToTallies(spec, tallies, added, 1, textOf);
    const rows = [...tallies.values()];
    const kept = rows.filter((row) => !isEmptyTally(spec, row));
    const emptied = rows.filter((row) => isEmptyTally(spec, row)).map(keyOfGroup);
    return (kept.length > 0 ? tally.mutate({ type: 'put', trans, values: kept }) : Dexie.Promise.resolve()).then(() =>
      emptied.length > 0 ? tally.mutate({ type: 'delete', trans, keys: emptied }) : undefined,
    );
  });
}

/** The source tables whose tallies a transaction's writes leave as they are (`deferTallies`), by transaction. */
const deferred = new WeakMap<DBCoreTransaction, Set<string>>();

/**
 * Says that the running transaction's (Dexie's current one) writes to the source tables `tables`
 * leave their tallies as they are: the caller has recorded those tallies as stale, in this
 * transaction, and rebuilds them whole (`fillTally`) before any screen reads them. Called before
 * the transaction's first write of those tables (such writes go straight down, ahead of any write
 * still reading what it replaces). A first pull does so (docs/decisions.md "First sync at the
 * device's limit").
 */
export function deferTallies(tables: Iterable<string>): void {
  const trans = Dexie.currentTransaction?.idbtrans as DBCoreTransaction | undefined;
  if (!trans) throw new Error('deferTallies needs a running transaction');
  let set = deferred.get(trans);
  if (!set) deferred.set(trans, (set = new Set()));
  for (const table of tables) set.add(table);
}

/** Runs `steps` one after another, each on the promise of the one before. */
function inTurn<T>(items: readonly T[], step: (item: T) => Promise<unknown>): Promise<unknown> {
  return items.reduce<Promise<unknown>>((previous, item) => previous.then(() => step(item)), Dexie.Promise.resolve());
}

/** The middleware keeping `specs` (installed by the store, sync/db.ts). */
export function tallyKeeper(specs: readonly AnyTallyTableSpec[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'TallyKeeper',
    create(down) {
      const talliesOf = (table: string) => specs.filter((spec) => spec.source === table);
      // One write of a source table at a time per transaction: each reads the counts the one before it left.
      const queues = new WeakMap<DBCoreTransaction, Promise<unknown>>();
      return {
        transaction(stores, mode, options) {
          if (mode !== 'readwrite') return down.transaction(stores, mode, options);
          const wider = new Set(stores);
          for (const store of stores) for (const spec of talliesOf(store)) wider.add(spec.name);
          return down.transaction([...wider], mode, options);
        },
        table(name) {
          const source = down.table(name);
          const specs = talliesOf(name);
          if (specs.length === 0) return source;
          const write = (req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> => {
            if (req.type === 'deleteRange' && req.range.type === anyRange) {
              // The source emptied: so are its tallies (no need to read what it held).
              return source.mutate(req).then((answer) => inTurn(specs, (spec) => down.table(spec.name).mutate({ type: 'deleteRange', trans: req.trans, range: req.range })).then(() => answer));
            }
            return rowsBefore(source, req).then((before) =>
              source.mutate(req).then((answer) => {
                const { removed, added } = applied(source, req, before, answer);
                return inTurn(specs, (spec) => moveTally(down.table(spec.name), spec, req.trans, removed, added)).then(() => answer);
              }),
            );
          };
          return {
            ...source,
            mutate(req) {
              if (deferred.get(req.trans)?.has(name)) return source.mutate(req);
              const previous = queues.get(req.trans) ?? Dexie.Promise.resolve();
              const run = previous.then(() => write(req));
              queues.set(
                req.trans,
                run.catch(() => undefined),
              );
              return run;
            },
          };
        },
      };
    },
  };
}

/**
 * Builds a tally table whole from the source rows on the device, in the running transaction: the
 * upgrade step of the schema version that adds it (sync/db.ts), so a device that had marks before
 * the tally counts them, and the end of a pull that deferred it (`deferTallies`).
 */
export async function fillTally(store: Pick<Transaction, 'table'>, spec: AnyTallyTableSpec): Promise<void> {
  const rows = await store.table(spec.source).toArray();
  await store.table(spec.name).clear();
  await store.table(spec.name).bulkPut(tallyOf(spec, rows));
}
