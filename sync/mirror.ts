/**
 * The mirror's one rule: a row shows the server's version with the still-pending outbox entries
 * applied on top, in outbox order. Server versions arrive from pulls and push answers; they land in
 * `base` when a pending entry touches the row (and the overlay is recomputed) or straight in the
 * mirror table when none does. A server version never replaces a newer one (by `rev`), and a row
 * the server deleted never comes back from a late answer. Call these inside a transaction over
 * `syncTables` so each page or answer is applied whole or not at all.
 */
import { mirrorTables, type KakshaDb, type MirrorTable, type OutboxEntry } from './db';
import type { KindRegistry } from './kinds/kind';

/** Every table a sync transaction touches. */
export function syncTables(db: KakshaDb) {
  return [
    db.classes,
    db.students,
    db.teachers,
    db.attendance,
    db.subjects,
    db.classSubjects,
    db.admissions,
    db.certificates,
    db.outbox,
    db.rejected,
    db.conflicts,
    db.base,
    db.gone,
    db.meta,
  ];
}

type Row = Record<string, unknown>;

export function isMirrorTable(value: unknown): value is MirrorTable {
  return typeof value === 'string' && (mirrorTables as readonly string[]).includes(value);
}

/** A row's address across tables: `table:key` (attendance keys are `studentId|date`). */
export function attendanceRef(studentId: string, date: string): string {
  return `attendance:${studentId}|${date}`;
}

export function rowRef(table: MirrorTable, row: Row): string {
  if (table === 'attendance') return attendanceRef(String(row.studentId), String(row.date));
  return `${table}:${String(row.id)}`;
}

export function parseRef(ref: string): { table: MirrorTable; key: string | [string, string] } {
  const at = ref.indexOf(':');
  const table = ref.slice(0, at);
  const rest = ref.slice(at + 1);
  if (!isMirrorTable(table)) throw new Error(`Not a mirror ref: ${ref}`);
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

/** Keeps the server's version of each ref before a pending entry first changes it. */
export async function ensureBase(db: KakshaDb, refs: Iterable<string>): Promise<void> {
  for (const ref of refs) {
    if (await db.base.get(ref)) continue;
    await db.base.put({ ref, row: (await readRow(db, ref)) ?? null });
  }
}

/** Stores a server version. Returns the ref when its overlay must be recomputed. */
export async function applyServerUpsert(db: KakshaDb, table: MirrorTable, row: Row): Promise<string | undefined> {
  const gone = await db.gone.get(`${table}:${String(row.id)}`);
  if (gone && gone.rev >= revOf(row)) return undefined;
  if (gone) await db.gone.delete(gone.ref);
  const ref = rowRef(table, row);
  if (table === 'attendance') {
    // A record that moved (another student or date under the same id) leaves its old place.
    const stale = await db.attendance.where('id').equals(String(row.id)).toArray();
    for (const old of stale) {
      const oldRef = rowRef('attendance', old);
      if (oldRef !== ref && !(await db.base.get(oldRef))) await db.attendance.delete([old.studentId, old.date]);
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

/** Applies a server delete (a tombstone). Returns the refs whose overlay must be recomputed. */
export async function applyServerDelete(db: KakshaDb, table: MirrorTable, id: string, tombstoneRev?: number): Promise<string[]> {
  const goneRef = `${table}:${id}`;
  const rows: (Row | undefined)[] =
    table === 'attendance' ? await db.attendance.where('id').equals(id).toArray() : [await db.mirror(table).get(id)];
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

/**
 * Recomputes the overlay of each ref: the server's version, then every pending entry touching it
 * in outbox order. A ref no pending entry touches any more drops its `base` (the row is the
 * server's again).
 */
export async function recompute(db: KakshaDb, kinds: KindRegistry, refs: Iterable<string>, context: ApplyIdentity) {
  for (const ref of new Set(refs)) {
    const base = await db.base.get(ref);
    if (!base) continue;
    const { table, key } = parseRef(ref);
    if (base.row) await db.mirror(table).put(base.row);
    else await db.mirror(table).delete(key);
    const entries: OutboxEntry[] = await db.outbox.where('refs').equals(ref).sortBy('seq');
    for (const entry of entries) {
      const kind = kinds.get(entry.kind);
      if (kind) await kind.apply({ db, ...context }, entry.body, ref);
    }
    if (entries.length === 0) await db.base.delete(ref);
  }
}

export interface ApplyIdentity {
  tenantId: string;
  username: string;
  /** The user's id as the server records authors (falls back to the username). */
  userId: string;
}

/** Empties the mirror for a fresh pull; pending entries stay and are re-applied on an empty base. */
export async function clearMirror(db: KakshaDb): Promise<string[]> {
  for (const table of mirrorTables) await db.mirror(table).clear();
  await db.gone.clear();
  const refs = (await db.base.toCollection().primaryKeys()).map(String);
  for (const ref of refs) await db.base.put({ ref, row: null });
  return refs;
}
