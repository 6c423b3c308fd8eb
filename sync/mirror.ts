/**
 * The mirror's one rule: a row shows the server's version with the still-pending outbox entries
 * applied on top, in outbox order. Server versions arrive from pulls and push answers; they land in
 * `base` when a pending entry touches the row (and the overlay is recomputed) or straight in the
 * mirror table when none does. A server version never replaces a newer one (by `rev`), and a row
 * the server deleted never comes back from a late answer. Call these inside a transaction over
 * `syncTables` so each page or answer is applied whole or not at all.
 */
import type { BaseRow, KakshaDb, MirrorTable, OutboxEntry } from './db';
import { outboxEntriesWith, rowsByKey, rowsWithAny } from './index-reads';
import { attendanceTable } from './tables/attendance';

/** Every table a sync transaction touches: the store's mirror tables (sync/modules/index.ts) and the engine's. */
export function syncTables(db: KakshaDb) {
  return [
    ...db.mirrorTables.map((table) => db.mirror(table)),
    db.outbox,
    db.rejected,
    db.conflicts,
    db.base,
    db.gone,
    db.meta,
    // A pull's last page may build the tallies its pages left (puller.ts).
    ...db.tallies.map((tally) => db.table(tally.name)),
  ];
}

type Row = Record<string, unknown>;

/** Whether the store has a mirror table of this name (the pull may name entities it has none for). */
export function isMirrorTable(db: KakshaDb, value: unknown): value is MirrorTable {
  return typeof value === 'string' && (db.mirrorTables as readonly string[]).includes(value);
}

/** A row's address across tables: `table:key` (attendance keys are `studentId|date`). */
export function attendanceRef(studentId: string, date: string): string {
  return `attendance:${studentId}|${date}`;
}

/** The ref of a row by its primary key (an attendance key is `[studentId, date]`). */
export function refOfKey(table: MirrorTable, key: unknown): string {
  return Array.isArray(key) ? attendanceRef(String(key[0]), String(key[1])) : `${table}:${String(key)}`;
}

export function rowRef(table: MirrorTable, row: Row): string {
  if (table === 'attendance') return attendanceRef(String(row.studentId), String(row.date));
  return `${table}:${String(row.id)}`;
}

export function parseRef(ref: string): { table: MirrorTable; key: string | [string, string] } {
  const at = ref.indexOf(':');
  if (at < 1) throw new Error(`Not a mirror ref: ${ref}`);
  const table = ref.slice(0, at);
  const rest = ref.slice(at + 1);
  if (table === 'attendance') {
    const bar = rest.indexOf('|');
    return { table, key: [rest.slice(0, bar), rest.slice(bar + 1)] };
  }
  return { table, key: rest };
}

function revOf(row: Row | null | undefined): number {
  return row && typeof row.rev === 'number' ? row.rev : -1;
}

/** The visible row at a ref. */
export async function readRow(db: KakshaDb, ref: string): Promise<Row | undefined> {
  const { table, key } = parseRef(ref);
  return db.mirror(table).get(key);
}

/** The server's version at a ref: `base` when pending entries cover it, else the visible row. */
export async function serverRow(db: KakshaDb, ref: string): Promise<Row | null> {
  const base = await db.base.get(ref);
  if (base) return base.row;
  return (await readRow(db, ref)) ?? null;
}

/**
 * What a change being recorded has read of its rows, so that no row is read twice in its
 * transaction: `shown` holds every ref read (the mirror's row, or undefined), `bases` those of
 * them that had a `base` entry (the server's version under pending changes).
 */
export interface RowReads {
  shown: Map<string, Row | undefined>;
  bases: Map<string, Row | null>;
}

export function newRowReads(): RowReads {
  return { shown: new Map(), bases: new Map() };
}

/** Records that neither the mirror nor `base` holds anything at `refs` (the caller knows it otherwise). */
export function holdNothingAt(reads: RowReads, refs: readonly string[]): void {
  for (const ref of refs) {
    reads.shown.set(ref, undefined);
    reads.bases.delete(ref);
  }
}

/**
 * The server's versions at several refs: `base` when pending entries cover a row, else the row
 * shown. Both are read at once (one round of requests), and remembered in `reads`.
 */
export async function serverRows(db: KakshaDb, refs: readonly string[], reads: RowReads = newRowReads()): Promise<Map<string, Row | null>> {
  const out = new Map<string, Row | null>();
  const unread = refs.filter((ref) => !reads.shown.has(ref));
  if (unread.length > 0) {
    const [bases, shown] = await Promise.all([db.base.bulkGet(unread), readRows(db, unread)]);
    unread.forEach((ref, i) => {
      const base = bases[i];
      reads.shown.set(ref, shown.get(ref));
      if (base) reads.bases.set(ref, base.row);
    });
  }
  for (const ref of refs) out.set(ref, reads.bases.has(ref) ? reads.bases.get(ref)! : (reads.shown.get(ref) ?? null));
  return out;
}

/** The visible rows at several refs, one bulk read per table (all tables at once). */
export async function readRows(db: KakshaDb, refs: readonly string[]): Promise<Map<string, Row | undefined>> {
  const out = new Map<string, Row | undefined>();
  const byTable = new Map<MirrorTable, { ref: string; key: string | [string, string] }[]>();
  for (const ref of refs) {
    const { table, key } = parseRef(ref);
    let list = byTable.get(table);
    if (!list) byTable.set(table, (list = []));
    list.push({ ref, key });
  }
  await Promise.all(
    [...byTable].map(async ([table, list]) => {
      const rows = await db.mirror(table).bulkGet(list.map((item) => item.key));
      list.forEach((item, i) => out.set(item.ref, rows[i]));
    }),
  );
  return out;
}

/** The server's version of each ref a change covers, and the refs no earlier pending entry touched. */
export interface Bases {
  rows: Map<string, Row | null>;
  fresh: Set<string>;
}

/** Keeps the server's version of each ref before a pending entry first changes it (reusing `reads`). */
export async function ensureBase(db: KakshaDb, refs: Iterable<string>, reads: RowReads = newRowReads()): Promise<Bases> {
  const list = [...new Set(refs)];
  const rows = new Map<string, Row | null>();
  if (list.length === 0) return { rows, fresh: new Set() };
  await serverRows(db, list, reads);
  const missing = list.filter((ref) => {
    if (reads.bases.has(ref)) rows.set(ref, reads.bases.get(ref)!);
    return !reads.bases.has(ref);
  });
  if (missing.length === 0) return { rows, fresh: new Set() };
  const added = missing.map((ref) => ({ ref, row: reads.shown.get(ref) ?? null }));
  await db.base.bulkPut(added);
  for (const { ref, row } of added) {
    rows.set(ref, row);
    reads.bases.set(ref, row);
  }
  return { rows, fresh: new Set(missing) };
}

/** Stores a server version. Returns the ref when its overlay must be recomputed. */
export async function applyServerUpsert(db: KakshaDb, table: MirrorTable, row: Row): Promise<string | undefined> {
  const gone = await db.gone.get(`${table}:${String(row.id)}`);
  if (gone && gone.rev >= revOf(row)) return undefined;
  if (gone) await db.gone.delete(gone.ref);
  const ref = rowRef(table, row);
  if (table === 'attendance') {
    // A record that moved (another student or date under the same id) leaves its old place.
    const stale = await db.tableOf(attendanceTable).where('id').equals(String(row.id)).toArray();
    for (const old of stale) {
      const oldRef = rowRef('attendance', old);
      if (oldRef !== ref && !(await db.base.get(oldRef))) await db.tableOf(attendanceTable).delete([old.studentId, old.date]);
    }
  }
  const base = await db.base.get(ref);
  if (base) {
    if (revOf(base.row) > revOf(row)) return undefined;
    await db.base.put({ ref, row });
    return ref;
  }
  const { key } = parseRef(ref);
  const current = await db.mirror(table).get(key);
  if (current && revOf(current) > revOf(row)) return undefined;
  await db.mirror(table).put(row);
  return undefined;
}

/**
 * What one pull phase knows of the tables it fills: those that held no row when its first page
 * was stored (a device's first pull, a mirror just cleared). Such a table holds only rows this
 * phase stored (older versions: its pages come in write order) or rows under `base` (a pending
 * change; `base` is read anyway), since pushes and pulls never overlap (one job at a time, under
 * the user's lock). So a page need not read the rows at its keys there to compare revs, nor ask
 * the attendance `id` index where a record was: `attendance` holds where this phase put each id.
 * A first pull's pages read nothing of the mirror, which halved the time they took
 * (docs/decisions.md "First sync at the device's limit").
 */
export interface FilledTables {
  empty: ReadonlySet<MirrorTable>;
  /** Attendance record id → the ref this phase stored it at (attendance is in `empty`). */
  attendance: Map<string, string>;
}

/** The mirror tables holding no row now (read inside the first page's transaction). */
export async function emptyTables(db: KakshaDb): Promise<FilledTables> {
  const counts = await Promise.all(db.mirrorTables.map((table) => db.mirror(table).count()));
  return { empty: new Set(db.mirrorTables.filter((_, i) => counts[i] === 0)), attendance: new Map() };
}

/**
 * Stores many server versions (a push answer, a run of a pull page) with one bulk read of each
 * table involved. Returns the refs whose overlay must be recomputed. Falls back to one by one
 * when two versions share a row (the order between them matters then).
 */
export async function applyServerUpserts(
  db: KakshaDb,
  upserts: readonly { table: MirrorTable; row: Row }[],
  /** When given, receives each ref's `base` after the call (undefined: none), if the bulk path ran. */
  basesAfter?: Map<string, BaseRow | undefined>,
  /**
   * Refs some pending entry still touches (the caller read them). A ref with a base that is not
   * among them is settled here: the server's row is shown and the base dropped, which recompute
   * would otherwise do after a write of the base it then deletes.
   */
  stillPending?: ReadonlySet<string>,
  /** A pull phase's tables that were empty when it began (`FilledTables`): their rows are not read. */
  filled?: FilledTables,
): Promise<string[]> {
  if (upserts.length === 0) return [];
  const refs = upserts.map(({ table, row }) => rowRef(table, row));
  const goneKeys = upserts.map(({ table, row }) => `${table}:${String(row.id)}`);
  const refOfAttendance = new Map<string, string>();
  upserts.forEach(({ table, row }, i) => {
    if (table === 'attendance') refOfAttendance.set(String(row.id), refs[i]!);
  });
  const attendanceFilled = filled?.empty.has('attendance') === true;
  // A record that moved (another student or date under the same id) is rare: one by one then.
  let moves: boolean;
  if (attendanceFilled) {
    moves = [...refOfAttendance].some(([id, ref]) => {
      const stored = filled!.attendance.get(id);
      return stored !== undefined && stored !== ref;
    });
  } else {
    const held = refOfAttendance.size > 0 ? await rowsWithAny(db.tableOf(attendanceTable), 'id', refOfAttendance.keys()) : [];
    moves = held.some((old) => rowRef('attendance', old) !== refOfAttendance.get(String(old.id)));
  }
  if (moves || new Set(refs).size !== refs.length || new Set(goneKeys).size !== goneKeys.length) {
    const touched: string[] = [];
    for (const { table, row } of upserts) {
      const ref = await applyServerUpsert(db, table, row);
      if (ref) touched.push(ref);
    }
    if (attendanceFilled) for (const [id, ref] of refOfAttendance) filled!.attendance.set(id, ref);
    return touched;
  }
  // `gone` and `base` hold a device's tombstones and pending rows, usually few: read whole then.
  const [gones, bases] = await Promise.all([rowsByKey(db.gone, goneKeys, (gone) => gone.ref), rowsByKey(db.base, refs, (base) => base.ref)]);
  refs.forEach((ref, i) => basesAfter?.set(ref, bases[i]));
  const shown = await readRows(
    db,
    refs.filter((_, i) => !bases[i] && !filled?.empty.has(upserts[i]!.table)),
  );
  const touched: string[] = [];
  const goneDeletes: string[] = [];
  const basePuts: { ref: string; row: Row }[] = [];
  const baseDeletes: string[] = [];
  const mirrorPuts = new Map<MirrorTable, Row[]>();
  const show = (table: MirrorTable, row: Row) => {
    let rows = mirrorPuts.get(table);
    if (!rows) mirrorPuts.set(table, (rows = []));
    rows.push(row);
  };
  upserts.forEach(({ table, row }, i) => {
    const gone = gones[i];
    if (gone && gone.rev >= revOf(row)) return;
    if (gone) goneDeletes.push(gone.ref);
    const ref = refs[i]!;
    const base = bases[i];
    if (base) {
      if (revOf(base.row) > revOf(row)) return;
      if (stillPending && !stillPending.has(ref)) {
        show(table, row);
        baseDeletes.push(ref);
        basesAfter?.set(ref, undefined);
        return;
      }
      basePuts.push({ ref, row });
      basesAfter?.set(ref, { ref, row });
      touched.push(ref);
      return;
    }
    const current = shown.get(ref);
    if (current && revOf(current) > revOf(row)) return;
    show(table, row);
    if (table === 'attendance' && attendanceFilled) filled!.attendance.set(String(row.id), ref);
  });
  // Issued together: requests in one transaction run in order, and none reads what another writes.
  await Promise.all([
    goneDeletes.length > 0 ? db.gone.bulkDelete(goneDeletes) : undefined,
    basePuts.length > 0 ? db.base.bulkPut(basePuts) : undefined,
    baseDeletes.length > 0 ? db.base.bulkDelete(baseDeletes) : undefined,
    ...[...mirrorPuts].map(([table, rows]) => db.mirror(table).bulkPut(rows)),
  ]);
  return touched;
}

/** Applies a server delete (a tombstone). Returns the refs whose overlay must be recomputed. */
export async function applyServerDelete(db: KakshaDb, table: MirrorTable, id: string, tombstoneRev?: number): Promise<string[]> {
  const goneRef = `${table}:${id}`;
  const rows: (Row | undefined)[] =
    table === 'attendance' ? await db.tableOf(attendanceTable).where('id').equals(id).toArray() : [await db.mirror(table).get(id)];
  const refs = new Set(rows.filter((row): row is Row => row !== undefined).map((row) => rowRef(table, row)));
  if (table !== 'attendance') refs.add(goneRef);
  let rev = tombstoneRev ?? 0;
  if (tombstoneRev === undefined) {
    // Unknown tombstone rev: every version the device holds is gone.
    for (const ref of refs) rev = Math.max(rev, revOf((await db.base.get(ref))?.row), revOf(await readRow(db, ref)));
  }
  const known = await db.gone.get(goneRef);
  if (!known || known.rev < rev) await db.gone.put({ ref: goneRef, rev });
  const touched: string[] = [];
  for (const ref of refs) {
    const base = await db.base.get(ref);
    if (base) {
      if (base.row && String(base.row.id) === id && revOf(base.row) <= rev) {
        await db.base.put({ ref, row: null });
        touched.push(ref);
      }
      continue;
    }
    const row = await readRow(db, ref);
    if (row && revOf(row) <= rev) await db.mirror(table).delete(parseRef(ref).key);
  }
  return touched;
}

/** See recompute's `accepted`. */
export interface AcceptedRun {
  bases: Map<string, BaseRow | undefined>;
  entries: readonly OutboxEntry[];
}

async function basesKnownOrRead(db: KakshaDb, refs: readonly string[], known: Map<string, BaseRow | undefined>): Promise<(BaseRow | undefined)[]> {
  const missing = refs.filter((ref) => !known.has(ref));
  const read = missing.length > 0 ? await db.base.bulkGet(missing) : [];
  const readOf = new Map(missing.map((ref, i) => [ref, read[i]]));
  return refs.map((ref) => (known.has(ref) ? known.get(ref) : readOf.get(ref)));
}

/**
 * Recomputes the overlay of each ref: the server's version, then every pending entry touching it
 * in outbox order. A ref no pending entry touches any more drops its `base` (the row is the
 * server's again). Reads and writes go in bulk; a kind without `overlay` writes its rows itself.
 */
export async function recompute(
  db: KakshaDb,
  kinds: RowChanges,
  refs: Iterable<string>,
  context: ApplyIdentity,
  /**
   * What the caller just read: the bases of `refs`, and the refs only `entry` touches (a change
   * being recorded), with the write of `entry` (`stored`) the outbox is read after.
   */
  known?: { bases: Bases; entry: OutboxEntry; stored: Promise<void> },
  /**
   * What a run of accepted answers just read and wrote (outbox.ts acceptRun): `bases` after it for
   * some refs (the rest are read), and every pending entry that touches any of `refs`.
   */
  accepted?: AcceptedRun,
) {
  const list = [...new Set(refs)];
  if (list.length === 0) return;
  const bases = known
    ? list.map((ref) => (known.bases.rows.has(ref) ? { ref, row: known.bases.rows.get(ref)! } : undefined))
    : accepted
      ? await basesKnownOrRead(db, list, accepted.bases)
      : await db.base.bulkGet(list);
  const baseOf = new Map<string, Row | null>();
  list.forEach((ref, i) => {
    const base = bases[i];
    if (base) baseOf.set(ref, base.row);
  });
  const covered = [...baseOf.keys()];
  if (covered.length === 0) return;
  const shared = known ? covered.filter((ref) => !known.bases.fresh.has(ref)) : covered;
  if (known && shared.length > 0) await known.stored;
  const entries = accepted ? [...accepted.entries] : await outboxEntriesWith(db, 'refs', shared);
  if (known && shared.length < covered.length && !entries.some((entry) => entry.id === known.entry.id)) entries.push(known.entry);
  const touching = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    for (const ref of entry.refs ?? []) {
      if (!baseOf.has(ref)) continue;
      let list = touching.get(ref);
      if (!list) touching.set(ref, (list = []));
      list.push(entry);
    }
  }

  const puts = new Map<MirrorTable, Row[]>();
  const deletes = new Map<MirrorTable, (string | [string, string])[]>();
  const settled: string[] = [];
  const oneByOne: string[] = [];
  for (const ref of covered) {
    const overlays = touching.get(ref) ?? [];
    if (overlays.length === 0) settled.push(ref);
    if (!overlays.every((entry) => !kinds.get(entry.kind) || kinds.get(entry.kind)!.overlay)) {
      oneByOne.push(ref);
      continue;
    }
    let row: Row | undefined = baseOf.get(ref) ?? undefined;
    for (const entry of overlays) {
      const kind = kinds.get(entry.kind);
      if (kind?.overlay) row = kind.overlay(context, entry.body, ref, row);
    }
    const { table, key } = parseRef(ref);
    if (row) {
      let rows = puts.get(table);
      if (!rows) puts.set(table, (rows = []));
      rows.push(row);
    } else {
      let keys = deletes.get(table);
      if (!keys) deletes.set(table, (keys = []));
      keys.push(key);
    }
  }
  for (const [table, keys] of deletes) await db.mirror(table).bulkDelete(keys);
  for (const [table, rows] of puts) await db.mirror(table).bulkPut(rows);
  for (const ref of oneByOne) {
    const { table, key } = parseRef(ref);
    const row = baseOf.get(ref);
    if (row) await db.mirror(table).put(row);
    else await db.mirror(table).delete(key);
    for (const entry of touching.get(ref) ?? []) {
      const kind = kinds.get(entry.kind);
      if (kind) await kind.apply({ db, ...context }, entry.body, ref);
    }
  }
  if (settled.length > 0) await db.base.bulkDelete(settled);
}

export interface ApplyIdentity {
  tenantId: string;
  username: string;
  /** The user's id as the server records authors (falls back to the username). */
  userId: string;
}

export interface ApplyContext extends ApplyIdentity {
  db: KakshaDb;
}

/** How a pending entry shows on the rows it changes: what `recompute` needs of a mutation kind (kinds/kind.ts). */
export interface RowChange<B = unknown> {
  /** Writes this entry's optimistic change of one ref over the row currently shown. */
  apply(context: ApplyContext, body: B, ref: string): Promise<void>;
  /**
   * The same as `apply` without the database: the row this entry makes of `current` (undefined:
   * no row). When every entry on a row has it, the overlay is computed in memory and written in bulk.
   */
  overlay?(identity: ApplyIdentity, body: B, ref: string, current: Row | undefined): Row | undefined;
}

/** The row changes of the engine's kinds, by kind name. */
export type RowChanges = ReadonlyMap<string, RowChange>;

/**
 * Ends a pull that started over: every row it did not bring leaves the mirror (the school no longer
 * shows it to this user); a row a pending entry touches keeps the entry on an empty base instead.
 * Returns the refs whose overlay must be recomputed.
 */
export async function sweepMirror(db: KakshaDb, brought: ReadonlySet<string>): Promise<string[]> {
  const pending = new Set((await db.base.toCollection().primaryKeys()).map(String));
  for (const table of db.mirrorTables) {
    const keys = await db.mirror(table).toCollection().primaryKeys();
    const left = keys.filter((key) => {
      const ref = refOfKey(table, key);
      return !brought.has(ref) && !pending.has(ref);
    });
    if (left.length > 0) await db.mirror(table).bulkDelete(left);
  }
  const emptied = [...pending].filter((ref) => !brought.has(ref));
  if (emptied.length > 0) await db.base.bulkPut(emptied.map((ref) => ({ ref, row: null })));
  return emptied;
}

/** Empties the mirror for a fresh pull; pending entries stay and are re-applied on an empty base. */
export async function clearMirror(db: KakshaDb): Promise<string[]> {
  for (const table of db.mirrorTables) await db.mirror(table).clear();
  await db.gone.clear();
  const refs = (await db.base.toCollection().primaryKeys()).map(String);
  for (const ref of refs) await db.base.put({ ref, row: null });
  return refs;
}
