/**
 * The device's store (docs/sync.md "Local store"): one Dexie database per tenant and user, holding the
 * mirror tables the screens read, the outbox of changes not yet accepted by the school, the
 * not-accepted and changed-elsewhere lists, and the engine's bookkeeping.
 *
 * Mirror rows are what the server last said with the user's pending changes applied on top. For a
 * row touched by a pending change, `base` keeps the server's version underneath, so the overlay can
 * be recomputed whenever the server's version moves (pull, push answer) or a change is rejected.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import type { MirrorTableSpec } from './mirror-table';
import { fillTally, tallyKeeper } from './tally-keeper';
import type { AnyTallyTableSpec } from './tally-table';

/**
 * A mirror table's name is its entity's (contract/sync-entities.ts). The device has the tables of
 * the modules the store was opened with (`KakshaDb.mirrorTables`); the pull may send entities it
 * has none for, and skips them.
 */
export type MirrorTable = string;

export type HttpMethod = 'POST' | 'PUT' | 'DELETE';

/** One change waiting for the school. Its `id` is the request's Idempotency-Key. */
export interface OutboxEntry {
  /** Position in the queue (auto-increment): entries are pushed in this order. */
  seq?: number;
  id: string;
  tenantId: string;
  username: string;
  kind: string;
  method: HttpMethod;
  path: string;
  body: unknown;
  /** Pending edits with the same key (one attendance sheet) merge while none of them was sent. */
  coalesceKey?: string;
  /**
   * Mirror rows this entry changes optimistically, as refs (`table:key`). Entries of an older shape
   * may lack `refs`, `creates` and `dependsOn`: readers treat them as empty.
   */
  refs: string[];
  /** Rows this entry creates: later entries that need them depend on it. */
  creates: string[];
  /** Ids of earlier entries this one needs (dropped with them when they are not accepted). */
  dependsOn: string[];
  createdAt: number;
  /** Set once the entry went out for the first time; from then on its body never changes. */
  sentAt?: number;
  attempts: number;
  /** 409 answers so far: repeated ones mean a lasting conflict, not a request still running. */
  conflictAnswers?: number;
  /** 2xx answers so far that its kind could not read (pusher.ts). */
  unreadableAnswers?: number;
  state: 'pending';
  lastError?: string;
  nextAttemptAt?: number;
  /** Shape version of the entry, for entries written by an older app version. */
  v: number;
}

/** An entry the school did not accept (or that depended on one), shown with the server's message. */
export interface RejectedEntry {
  id: string;
  kind: string;
  method: HttpMethod;
  path: string;
  body: unknown;
  createdAt: number;
  rejectedAt: number;
  status: number | null;
  message: string;
  /** Set when the entry was dropped because an entry it depended on was not accepted. */
  causedBy?: string;
  /**
   * For an entry without a body (a delete or cancel): the record it was about, as the device shows
   * it once the change is undone, so the list can still say what the refused change was.
   */
  record?: Record<string, unknown>;
}

/** A change the server kept its own version over (docs/sync.md "Conflicts"), for "changed elsewhere". */
export interface ConflictRow {
  seq?: number;
  entryId: string;
  entity: MirrorTable;
  recordId: string;
  kept: unknown;
  yours: unknown;
  message: string;
  at: number;
}

/** The server's version of a row touched by pending entries (`row` null: the server has none). */
export interface BaseRow {
  ref: string;
  row: Record<string, unknown> | null;
}

/** Rows the server deleted, by `table:id`, so a late answer never brings one back. */
export interface GoneRow {
  ref: string;
  rev: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const metaKeys = {
  cursor: 'cursor',
  lastSyncAt: 'lastSyncAt',
  schemaVersion: 'schemaVersion',
  needsSignIn: 'needsSignIn',
  /** While a pull that starts over runs: how many of its pages are stored (puller.ts). */
  refill: 'refill',
  /** Until the device's first complete pull: what it has brought so far (`FirstPullProgress`). */
  firstPull: 'firstPull',
  /**
   * The source tables (names) whose tallies a pull left to be built when it ends, its pages having
   * filled those tables without moving them (puller.ts, sync/tally-keeper.ts `deferTallies`).
   */
  staleTallies: 'staleTallies',
} as const;

/**
 * What the device's first pull has brought so far, stored with each of its pages; gone once the
 * pull is complete (`lastSyncAt` is set in the same transaction). `expected` is what the server
 * said the pull brings (its first page; null from a server that does not say).
 */
export interface FirstPullProgress {
  pages: number;
  /** Records received, by entity (mirror table). */
  received: Record<string, number>;
  expected: Record<string, number> | null;
}

/** The refs one page of a pull that starts over brought (`refill:1`, `refill:2`, ...). */
export const refillPagePrefix = `${metaKeys.refill}:`;
export const refillPageKey = (page: number) => `${refillPagePrefix}${page}`;

/** Current shape of outbox entries (`OutboxEntry.v`). */
export const outboxEntryVersion = 1;

/** One step of the schema history. Never edit a released step: add a new one. */
export interface SchemaStep {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
  /** Tally tables this step introduces, filled from their source's rows when a device upgrades. */
  fills?: readonly AnyTallyTableSpec[];
}

/** The engine's own tables, as version 1 made them. */
const engineStores = {
  outbox: '++seq, &id, coalesceKey, *refs, *creates, *dependsOn',
  rejected: 'id, rejectedAt',
  conflicts: '++seq, entryId, at',
  base: 'ref',
  gone: 'ref',
  meta: 'key',
};

/**
 * The schema history of the given mirror tables and tally tables: version 1 holds the engine's
 * tables, and every version holds the tables whose indexes that version introduced or changed (a
 * table a version does not name is kept as it was, the outbox among them). So a module adding a
 * table adds its indexes under the next version, in its own file, and this history grows by that
 * step. The version that introduces a tally table fills it from the rows its source already holds.
 */
export function schemaHistoryOf(tables: readonly MirrorTableSpec[], tallies: readonly AnyTallyTableSpec[] = []): SchemaStep[] {
  const versions = new Set<number>([1]);
  for (const table of [...tables, ...tallies]) for (const version of Object.keys(table.indexes)) versions.add(Number(version));
  return [...versions]
    .sort((a, b) => a - b)
    .map((version) => {
      const stores: Record<string, string> = version === 1 ? { ...engineStores } : {};
      for (const table of [...tables, ...tallies]) {
        const indexes = table.indexes[version];
        if (indexes !== undefined) stores[table.name] = indexes;
      }
      const fills = tallies.filter((tally) => Math.min(...Object.keys(tally.indexes).map(Number)) === version);
      return fills.length === 0 ? { version, stores } : { version, stores, fills };
    });
}

/** The mirror tables a history declares: every store but the engine's, the tallies' (and those a step dropped). */
function mirrorTablesOf(history: readonly SchemaStep[], tallies: readonly AnyTallyTableSpec[]): MirrorTable[] {
  const stores = new Map<string, string | null>();
  for (const step of history) for (const [name, indexes] of Object.entries(step.stores)) stores.set(name, indexes);
  const derived = new Set(tallies.map((tally) => tally.name));
  return [...stores]
    .filter(([name, indexes]) => indexes !== null && !(name in engineStores) && !derived.has(name))
    .map(([name]) => name);
}

export function databaseName(tenantId: string, username: string): string {
  return `kaksha:${tenantId}:${username}`;
}

export interface DexieDependencies {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

/** What the store needs of a module (sync/module-kit.ts): its mirror tables and the tallies of them it keeps. */
export interface StoreModule {
  tables: readonly MirrorTableSpec[];
  tallies?: readonly AnyTallyTableSpec[];
}

/**
 * The store's shape: the modules whose tables it holds (its schema history is theirs), or, for
 * upgrade checks, a schema history given step by step (the tallies it keeps are its steps' `fills`).
 */
export type KakshaDbOptions = ({ modules: readonly StoreModule[]; history?: undefined } | { history: SchemaStep[]; modules?: undefined }) & {
  dependencies?: DexieDependencies;
};

export class KakshaDb extends Dexie {
  // The engine's own tables. A mirror table is reached through `tableOf(spec)` (or `mirror(name)`).
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, string>;
  conflicts!: Table<ConflictRow, number>;
  base!: Table<BaseRow, string>;
  gone!: Table<GoneRow, string>;
  meta!: Table<MetaRow, string>;
  /** The mirror tables this store was opened with (every store of its history but the engine's and the tallies'). */
  readonly mirrorTables: readonly MirrorTable[];
  /** The tally tables this store keeps (sync/tally-keeper.ts keeps them in step with their sources). */
  readonly tallies: readonly AnyTallyTableSpec[];

  constructor(name: string, options: KakshaDbOptions) {
    super(name, options.dependencies ? { ...options.dependencies } : undefined);
    const history =
      options.history ??
      schemaHistoryOf(
        options.modules.flatMap((module) => module.tables),
        options.modules.flatMap((module) => module.tallies ?? []),
      );
    const tallies = history.flatMap((step) => step.fills ?? []);
    this.mirrorTables = mirrorTablesOf(history, tallies);
    this.tallies = tallies;
    if (tallies.length > 0) this.use(tallyKeeper(tallies));
    for (const step of history) {
      const version = this.version(step.version).stores(step.stores);
      const { upgrade, fills = [] } = step;
      if (upgrade || fills.length > 0)
        version.upgrade(async (tx) => {
          await upgrade?.(tx);
          for (const tally of fills) await fillTally(tx, tally);
        });
    }
    // Recorded for support and diagnostics ("which shape is this device's store in?").
    this.on('ready', (db) => (db as KakshaDb).meta.put({ key: metaKeys.schemaVersion, value: db.verno }));
  }

  /**
   * A module's mirror table, typed by its spec (sync/mirror-table.ts): how kinds, screens and
   * tests read and write a mirror table (`db.tableOf(classesTable)`).
   */
  tableOf<Row, Key>(spec: MirrorTableSpec<MirrorTable, Row, Key>): Table<Row, Key> {
    return this.table(spec.name);
  }

  /** A tally table the store keeps (sync/tally-table.ts), to read: `db.tally(attendanceDaysTable)`. */
  tally<Row>(spec: { name: string; readonly row?: Row }): Table<Row, unknown> {
    return this.table(spec.name);
  }

  /**
   * A mirror table by a name that comes as data, untyped: the entity of a pull change, the table of
   * a ref or a queued file, the table a generic kind (record kinds, sheets) is given.
   */
  mirror(table: MirrorTable): Table<Record<string, unknown>, unknown> {
    return this.table(table);
  }
}

/** Opens (creating or upgrading) the database of one user of one school, with the tables of the modules given. */
export function openKakshaDb(tenantId: string, username: string, options: KakshaDbOptions): KakshaDb {
  return new KakshaDb(databaseName(tenantId, username), options);
}
