/**
 * The outbox's transactions. Each one runs in a single Dexie transaction over the mirror and the
 * outbox, so a crash at any point leaves the mirror and the outbox in agreement:
 * - `recordMutation`: the optimistic mirror change and the new (or merged) entry;
 * - `claimEntry`: marks an entry as sent before its request goes out (its body is frozen from then);
 * - `acceptEntry`: drops the entry, stores the server's versions, re-bases later entries;
 * - `rejectEntry`: moves the entry and its dependants to the not-accepted list and undoes them.
 */
import { messages } from '../contract/messages';
import { outboxEntryVersion, type BaseRow, type KakshaDb, type OutboxEntry, type RejectedEntry } from './db';
import { isOutOfScopeError, UnknownMutationKindError } from './errors';
import { outboxEntriesWith } from './index-reads';
import type { KindRegistry, MutationKind, ServerEffects } from './kinds/kind';
import { applyServerDelete, applyServerUpserts, ensureBase, newRowReads, parseRef, recompute, rowRef, syncTables, type AcceptedRun, type ApplyIdentity } from './mirror';
import { contractLoaded, loadContract } from './contract';

export interface OutboxContext extends ApplyIdentity {
  db: KakshaDb;
  kinds: KindRegistry;
  now: () => number;
  newId: () => string;
}

export interface MutationResult {
  /** The outbox entry holding the change (its Idempotency-Key). */
  entryId: string;
  /** True when the change merged into an earlier entry that had not gone out yet. */
  coalesced: boolean;
  /** Kind-specific: the id of a created record, for instance. */
  result?: unknown;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

export async function recordMutation(context: OutboxContext, kindName: string, payload: unknown): Promise<MutationResult> {
  // Kinds put a body in the school's form with the contract's schemas (loaded once the engine starts).
  if (!contractLoaded()) await loadContract();
  const { db, kinds } = context;
  const kind = kinds.get(kindName);
  if (!kind) throw new UnknownMutationKindError(kindName);
  const own = kind.tables?.filter((table) => db.mirrorTables.includes(table));
  if (!own) return record(context, kind, payload, syncTables(db));
  try {
    return await record(context, kind, payload, [...own.map((table) => db.mirror(table)), db.outbox, db.base]);
  } catch (error) {
    // Rolled back whole: recorded again over every table (an entry of another kind on the same rows).
    if (!isOutOfScopeError(error)) throw error;
    return record(context, kind, payload, syncTables(db));
  }
}

function record(
  context: OutboxContext,
  kind: MutationKind,
  payload: unknown,
  tables: ReturnType<typeof syncTables>,
): Promise<MutationResult> {
  const { db, kinds } = context;
  return db.transaction('rw', tables, async () => {
    const now = context.now();
    const reads = newRowReads();
    const prepared = await kind.prepare(payload, {
      db,
      tenantId: context.tenantId,
      username: context.username,
      userId: context.userId,
      now,
      newId: context.newId,
      reads,
    });
    const needs = prepared.needs ?? [];
    const coalescing = prepared.coalesceKey !== undefined && kind.merge !== undefined;
    // Independent reads go out together: each round trip to IndexedDB is time the tap waits.
    const [dependencies, bases, candidates] = await Promise.all([
      needs.length > 0 ? db.outbox.where('creates').anyOf(needs).toArray() : [],
      ensureBase(db, prepared.refs, reads),
      coalescing ? db.outbox.where('coalesceKey').equals(prepared.coalesceKey!).sortBy('seq') : [],
    ]);
    const dependsOn = [...new Set(dependencies.map((entry) => entry.id))];
    const lastDependency = Math.max(0, ...dependencies.map((entry) => entry.seq ?? 0));

    let target: OutboxEntry | undefined;
    const last = candidates[candidates.length - 1];
    // Only into an entry that never went out, and never ahead of something this change needs.
    if (last && last.sentAt === undefined && (last.seq ?? 0) > lastDependency) target = last;

    let entry: OutboxEntry;
    if (target) {
      entry = {
        ...target,
        body: kind.merge!(target.body, prepared.body),
        refs: union(target.refs ?? [], prepared.refs),
        creates: union(target.creates ?? [], prepared.creates ?? []),
        dependsOn: union(target.dependsOn ?? [], dependsOn),
      };
    } else {
      entry = {
        id: context.newId(),
        tenantId: context.tenantId,
        username: context.username,
        kind: kind.name,
        method: prepared.method,
        path: prepared.path,
        body: prepared.body,
        ...(prepared.coalesceKey ? { coalesceKey: prepared.coalesceKey } : {}),
        refs: prepared.refs,
        creates: prepared.creates ?? [],
        dependsOn,
        createdAt: now,
        attempts: 0,
        state: 'pending',
        v: outboxEntryVersion,
      };
    }
    const stored = (target ? db.outbox.put(entry) : db.outbox.add(entry)).then((seq) => {
      entry.seq = seq;
    });
    // The entry and the rows it shows are written together (recompute reads the outbox only after
    // `stored`): one round trip to IndexedDB fewer for every change.
    await Promise.all([stored, recompute(db, kinds, prepared.refs, context, { bases, entry, stored })]);
    return { entryId: entry.id, coalesced: target !== undefined, result: prepared.result };
  });
}

/** The first entries in push order. */
export function headEntries(db: KakshaDb, limit: number): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').limit(limit).toArray();
}

/** The entries queued after `seq`, in order. */
export function entriesAfter(db: KakshaDb, seq: number, limit: number): Promise<OutboxEntry[]> {
  return db.outbox.where('seq').above(seq).limit(limit).toArray();
}

/** Marks the entry as going out. Returns it as stored, or undefined if it is gone. */
export async function claimEntry(db: KakshaDb, seq: number, now: number): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return undefined;
    const claimed: OutboxEntry = { ...entry, sentAt: entry.sentAt ?? now, attempts: entry.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/** Keeps the entry for a later attempt. */
export async function deferEntry(
  db: KakshaDb,
  seq: number,
  update: { nextAttemptAt: number; lastError: string; conflictAnswer?: boolean; unreadableAnswer?: boolean },
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.put({
      ...entry,
      nextAttemptAt: update.nextAttemptAt,
      lastError: update.lastError,
      ...(update.conflictAnswer ? { conflictAnswers: (entry.conflictAnswers ?? 0) + 1 } : {}),
      ...(update.unreadableAnswer ? { unreadableAnswers: (entry.unreadableAnswers ?? 0) + 1 } : {}),
    });
  });
}

/** Any waiting entry may go at once (start, online, focus, "sync now"). */
export async function clearBackoff(db: KakshaDb): Promise<void> {
  await db.outbox.toCollection().modify((entry) => {
    delete entry.nextAttemptAt;
  });
}

export async function acceptEntry(context: OutboxContext, seq: number, data: unknown): Promise<void> {
  const { db, kinds } = context;
  await db.transaction('rw', syncTables(db), async () => {
    const touched = new Set<string>();
    await acceptInTransaction(context, seq, data, touched);
    await recompute(db, kinds, touched, context);
  });
}

/** The "changed elsewhere" notices an accepted answer brings, as stored until the user dismisses them. */
function conflictRows(entry: OutboxEntry, effects: ServerEffects, at: number) {
  return effects.conflicts.map((notice) => ({
    entryId: entry.id,
    entity: notice.entity,
    recordId: notice.id,
    kept: notice.kept,
    yours: notice.yours,
    message: notice.message || messages.sync.conflict,
    at,
  }));
}

/** acceptEntry's work inside the caller's transaction; the refs to recompute go to `touched`. */
async function acceptInTransaction(context: OutboxContext, seq: number, data: unknown, touched: Set<string>): Promise<boolean> {
  const { db, kinds } = context;
  const entry = await db.outbox.get(seq);
  // Gone: another tab already took this answer (the same one, by the Idempotency-Key).
  if (!entry) return false;
  const kind = kinds.get(entry.kind);
  const effects: ServerEffects = kind ? kind.accepted(entry.body, data) : { upserts: [], deletes: [], conflicts: [] };
  await db.outbox.delete(seq);
  for (const ref of entry.refs ?? []) touched.add(ref);
  for (const ref of await applyServerUpserts(db, effects.upserts)) touched.add(ref);
  for (const { table, id, rev } of effects.deletes) {
    for (const ref of await applyServerDelete(db, table, id, rev)) touched.add(ref);
  }
  const notices = conflictRows(entry, effects, context.now());
  if (notices.length > 0) await db.conflicts.bulkAdd(notices);
  const conflicted = new Set(effects.conflicts.map((notice) => notice.id));
  const applied = effects.upserts.filter(({ row }) => !conflicted.has(String(row.id)));
  const refs = entry.refs ?? [];
  if (applied.length > 0 && refs.length > 0) {
    for (const next of await outboxEntriesWith(db, 'refs', refs)) {
      const rebase = kinds.get(next.kind)?.rebase;
      if (next.sentAt !== undefined || (next.seq ?? 0) < seq || !rebase) continue;
      await db.outbox.put({ ...next, body: rebase(next.body, applied) });
    }
  }
  return true;
}

/** What the server said about one entry of a batch, in the order the entries were sent. */
export type BatchAnswer =
  | { seq: number; verdict: 'accept'; data: unknown }
  | { seq: number; verdict: 'reject'; status: number; message: string }
  | { seq: number; verdict: 'defer'; nextAttemptAt: number; lastError: string; conflictAnswer: boolean; unreadableAnswer?: boolean };

/**
 * A run of consecutive accepted answers of one batch, with one read or write of each table for the
 * whole run rather than several per entry (a batch of 50 sheets was 350 round trips to IndexedDB).
 * The entries of one batch never share a row (pushGroup), so applying their versions together is
 * applying them in turn; a run with a server delete goes entry by entry, where order matters.
 */
async function acceptRun(
  context: OutboxContext,
  run: readonly { seq: number; data: unknown }[],
  touched: Set<string>,
): Promise<{ count: number; after?: AcceptedRun }> {
  const { db, kinds } = context;
  const stored = await db.outbox.bulkGet(run.map((answer) => answer.seq));
  const accepted: { entry: OutboxEntry; effects: ServerEffects }[] = [];
  run.forEach((answer, i) => {
    const entry = stored[i];
    // Gone: another tab already took this answer (the same one, by the Idempotency-Key).
    if (!entry) return;
    const kind = kinds.get(entry.kind);
    accepted.push({ entry, effects: kind ? kind.accepted(entry.body, answer.data) : { upserts: [], deletes: [], conflicts: [] } });
  });
  if (accepted.some(({ effects }) => effects.deletes.length > 0)) {
    let count = 0;
    for (const answer of run) if (await acceptInTransaction(context, answer.seq, answer.data, touched)) count += 1;
    return { count };
  }
  await db.outbox.bulkDelete(accepted.map(({ entry }) => entry.seq!));
  const refs = new Set<string>();
  for (const { entry } of accepted) for (const ref of entry.refs ?? []) refs.add(ref);
  const bases = new Map<string, BaseRow | undefined>();
  const upserts = accepted.flatMap(({ effects }) => effects.upserts);
  // Every pending entry on these rows: what re-basing and the recompute after the run need, and
  // which rows no entry touches any more (applyServerUpserts settles those at once).
  const pending = await outboxEntriesWith(db, 'refs', [...refs, ...upserts.map(({ table, row }) => rowRef(table, row))]);
  const stillPending = new Set(pending.flatMap((entry) => entry.refs ?? []));
  for (const ref of await applyServerUpserts(db, upserts, bases, stillPending)) refs.add(ref);
  for (const ref of refs) touched.add(ref);
  const at = context.now();
  const notices = accepted.flatMap(({ entry, effects }) => conflictRows(entry, effects, at));
  if (notices.length > 0) await db.conflicts.bulkAdd(notices);

  // Waiting entries behind an accepted one on the same row are re-based on the school's new rev,
  // accepted entry by accepted entry, as one at a time would have.
  const later = pending.filter((next) => next.sentAt === undefined && kinds.get(next.kind)?.rebase);
  const rebased = new Map<number, OutboxEntry>();
  for (const { entry, effects } of accepted) {
    const entryRefs = new Set(entry.refs ?? []);
    const conflicted = new Set(effects.conflicts.map((notice) => notice.id));
    const applied = effects.upserts.filter(({ row }) => !conflicted.has(String(row.id)));
    if (applied.length === 0 || entryRefs.size === 0) continue;
    for (const next of later) {
      if ((next.seq ?? 0) < entry.seq! || !(next.refs ?? []).some((ref) => entryRefs.has(ref))) continue;
      const current = rebased.get(next.seq!) ?? next;
      rebased.set(next.seq!, { ...current, body: kinds.get(next.kind)!.rebase!(current.body, applied) });
    }
  }
  if (rebased.size > 0) await db.outbox.bulkPut([...rebased.values()]);
  return { count: accepted.length, after: { bases, entries: pending.map((entry) => rebased.get(entry.seq!) ?? entry) } };
}

/**
 * Applies a batch's answers in one transaction, in order, and recomputes each touched row once
 * at the end. A crash leaves every answer of the batch unapplied; the batch is resent under the
 * same keys and the server replays the same answers.
 */
export async function applyAnswers(context: OutboxContext, answers: readonly BatchAnswer[]): Promise<{ accepted: number; rejected: number }> {
  const { db, kinds } = context;
  return db.transaction('rw', syncTables(db), async () => {
    const touched = new Set<string>();
    const counts = { accepted: 0, rejected: 0 };
    let run: { seq: number; data: unknown }[] = [];
    // When the answers are one run of accepts, the recompute takes what the run read.
    let after: AcceptedRun | undefined;
    const acceptWaiting = async () => {
      if (run.length > 0) {
        const applied = await acceptRun(context, run, touched);
        counts.accepted += applied.count;
        after = run.length === answers.length ? applied.after : undefined;
      }
      run = [];
    };
    for (const answer of answers) {
      if (answer.verdict === 'accept') {
        run.push(answer);
        continue;
      }
      await acceptWaiting();
      if (answer.verdict === 'reject') {
        // Its own recompute first: a refused delete keeps the record the user sees after the undo.
        await recompute(db, kinds, touched, context);
        touched.clear();
        if ((await rejectEntry(context, answer.seq, { status: answer.status, message: answer.message })).length > 0) counts.rejected += 1;
      } else {
        await deferEntry(db, answer.seq, answer);
      }
    }
    await acceptWaiting();
    await recompute(db, kinds, touched, context, undefined, after);
    return counts;
  });
}

/** Marks several entries as going out, in one transaction. Returns those still there, in order. */
export async function claimEntries(db: KakshaDb, seqs: readonly number[], now: number): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const entries = (await db.outbox.bulkGet([...seqs])).filter((entry): entry is OutboxEntry => entry !== undefined);
    const claimed = entries.map((entry) => ({ ...entry, sentAt: entry.sentAt ?? now, attempts: entry.attempts + 1 }));
    await db.outbox.bulkPut(claimed);
    return claimed;
  });
}

async function shownRecord(db: KakshaDb, ref: string): Promise<Record<string, unknown> | undefined> {
  const { table, key } = parseRef(ref);
  return db.mirror(table).get(key) as Promise<Record<string, unknown> | undefined>;
}

/** Rejects the entry (with the server's message) and every entry depending on it, and undoes them. */
export async function rejectEntry(
  context: OutboxContext,
  seq: number,
  outcome: { status: number | null; message: string },
): Promise<RejectedEntry[]> {
  const { db, kinds } = context;
  return db.transaction('rw', syncTables(db), async () => {
    const first = await db.outbox.get(seq);
    if (!first) return [];
    const at = context.now();
    const rejected: RejectedEntry[] = [];
    const touched = new Set<string>();
    const subjects = new Map<string, string>();
    const queue: { entry: OutboxEntry; causedBy?: string }[] = [{ entry: first }];
    while (queue.length > 0) {
      const { entry, causedBy } = queue.shift()!;
      if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) continue;
      await db.outbox.delete(entry.seq);
      const row: RejectedEntry = {
        id: entry.id,
        kind: entry.kind,
        method: entry.method,
        path: entry.path,
        body: entry.body,
        createdAt: entry.createdAt,
        rejectedAt: at,
        status: causedBy ? null : outcome.status,
        message: causedBy ? messages.sync.dependencyRejected : outcome.message,
        ...(causedBy ? { causedBy } : {}),
      };
      rejected.push(row);
      for (const ref of entry.refs ?? []) touched.add(ref);
      const dependants = await db.outbox.where('dependsOn').equals(entry.id).toArray();
      for (const dependant of dependants) queue.push({ entry: dependant, causedBy: entry.id });
      if (entry.body === undefined && entry.refs?.[0]) subjects.set(entry.id, entry.refs[0]);
    }
    await recompute(db, kinds, touched, context);
    // Kept until the user dismisses it (engine.dismissRejected), never cleared by sync.
    for (const row of rejected) {
      const ref = subjects.get(row.id);
      const record = ref ? await shownRecord(db, ref) : undefined;
      if (record) row.record = record;
      await db.rejected.put(row);
    }
    return rejected;
  });
}
