/**
 * The pull phase of a sync job: `GET /api/sync/pull` page by page from the stored cursor. Each page
 * is applied in one transaction (upserts, tombstones, the new cursor, then the pending entries
 * re-applied on top of what changed), so an interruption resumes from the last whole page. When the
 * server says `reset` (the user's scope changed, or the device was away longer than tombstones are
 * kept), the pull starts over from an empty cursor over the mirror as it is: the screens keep every
 * row while the pages come (on a classroom's Wi-Fi that can take long, or stop halfway and resume
 * after a reload), and with the last page each row the pull did not bring leaves (sweepMirror),
 * never the outbox. The refs each page brought are kept in `meta` until then.
 */
import { paths } from '../contract/paths';
import type { PulledPage } from '../contract/sync';
import { contract, loadContract } from './contract';
import { metaKeys, refillPageKey, refillPagePrefix, type FirstPullProgress, type KakshaDb, type MirrorTable } from './db';
import type { Clock } from './http';
import { applyServerDelete, applyServerUpserts, clearMirror, emptyTables, isMirrorTable, recompute, rowRef, sweepMirror, syncTables, type FilledTables } from './mirror';
import type { OutboxContext } from './outbox';
import { startCall, type CallInFlight, type SessionOptions } from './session';
import { deferTallies, fillTally } from './tally-keeper';
import { yieldToScreens } from './yield-to-screens';

export interface PullOptions {
  outbox: OutboxContext;
  session: SessionOptions;
  clock: Clock;
  limit: number;
  signal: AbortSignal;
}

export interface PullResult {
  status: 'done' | 'failed' | 'no-response' | 'sign-in' | 'aborted';
  pages: number;
  changes: number;
  reset: boolean;
  error?: string;
}

/** A page as the contract says it comes; one that is not is no page (the pull fails, and is retried). */
function readPage(data: unknown): PulledPage | undefined {
  const parsed = contract().pulledPageSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export async function storedCursor(outbox: OutboxContext): Promise<string> {
  const row = await outbox.db.meta.get(metaKeys.cursor);
  return typeof row?.value === 'string' ? row.value : '';
}

/**
 * How a page lands: `update` on the mirror; `clear` empties it first (a reset answered to an empty
 * cursor); `refill` is a page of a pull that starts over (`start` with its first page).
 */
type PageMode = 'update' | 'clear' | 'refill' | 'refill-start';

/** The first pull's progress after one more page (a page that says what the pull brings starts it over). */
function progressAfter(previous: FirstPullProgress | undefined, page: PulledPage, isMirror: (entity: string) => boolean): FirstPullProgress {
  const start = page.expected !== undefined || !previous;
  const received = start ? {} : { ...previous.received };
  for (const change of page.changes) {
    if (change.op === 'upsert' && isMirror(change.entity)) received[change.entity] = (received[change.entity] ?? 0) + 1;
  }
  const expected = page.expected ? Object.fromEntries(Object.entries(page.expected).filter(([entity]) => isMirror(entity))) : start ? null : previous.expected;
  return { pages: start ? 1 : previous.pages + 1, received, expected };
}

/**
 * The source tables whose tallies this page leaves as they are, recorded in `meta` in its
 * transaction: those its phase fills (empty when it began) and those an earlier page left (a
 * first pull resumed after a reload). The page that ends the pull builds them whole, so a first
 * pull's screens, which wait for that page, never read them half-built; building a tally once
 * from its table costs a read of the table, where moving it page by page read and wrote a tally
 * row for every few rows (docs/decisions.md "First sync at the device's limit").
 */
async function deferStaleTallies(db: KakshaDb, filled: FilledTables | undefined): Promise<string[]> {
  const stored = ((await db.meta.get(metaKeys.staleTallies))?.value as string[] | undefined) ?? [];
  const stale = new Set(stored);
  for (const tally of db.tallies) if (filled?.empty.has(tally.source)) stale.add(tally.source);
  if (stale.size > stored.length) await db.meta.put({ key: metaKeys.staleTallies, value: [...stale] });
  if (stale.size > 0) deferTallies(stale);
  return [...stale];
}

/**
 * `first`: this is the device's first pull (no complete pull stored yet): each page records its
 * progress, and the last one the time it completed, so the screens waiting for it (src/kit
 * WaitForFirstSync) open with the page that makes the mirror whole.
 */
async function applyPage(
  outbox: OutboxContext,
  page: PulledPage,
  mode: PageMode,
  first: { now: number } | null,
  /** The phase's tables that were empty at its first page (mirror.ts `FilledTables`), found by that page. */
  filling: { tables?: FilledTables },
): Promise<void> {
  const { db, kinds } = outbox;
  await db.transaction('rw', syncTables(db), async () => {
    const touched = new Set<string>(mode === 'clear' ? await clearMirror(db) : []);
    // A first pull, or one over a cleared mirror, fills empty tables: what they hold is known.
    if ((first || mode === 'clear') && !filling.tables) filling.tables = await emptyTables(db);
    const filled = filling.tables;
    const stale = await deferStaleTallies(db, filled);
    if (mode === 'clear' || mode === 'refill-start') {
      await db.meta.where('key').startsWith(refillPagePrefix).delete();
      await db.meta.delete(metaKeys.refill);
    }
    // What the school deleted before is no reason to refuse a row it shows again.
    if (mode === 'refill-start') await db.gone.clear();
    const brought: string[] = [];
    // Runs of upserts are stored in bulk; a delete between them keeps its place in the order.
    let run: { table: MirrorTable; row: Record<string, unknown> }[] = [];
    const flush = async () => {
      for (const ref of await applyServerUpserts(db, run, undefined, undefined, filled)) touched.add(ref);
      run = [];
    };
    for (const change of page.changes) {
      // An entity of a module this app version does not have (a newer server): nothing to show it in.
      if (!isMirrorTable(db, change.entity)) continue;
      if (change.op === 'delete') {
        await flush();
        for (const ref of await applyServerDelete(db, change.entity, change.id, change.rev)) touched.add(ref);
        continue;
      }
      const row = { ...change.record, id: change.id, rev: change.record.rev ?? change.rev };
      run.push({ table: change.entity, row });
      brought.push(rowRef(change.entity, row));
    }
    await flush();
    if (mode === 'refill' || mode === 'refill-start') {
      const stored = mode === 'refill-start' ? 0 : Number((await db.meta.get(metaKeys.refill))?.value ?? 0);
      if (page.hasMore) {
        await db.meta.bulkPut([
          { key: refillPageKey(stored + 1), value: brought },
          { key: metaKeys.refill, value: stored + 1 },
        ]);
      } else {
        const all = new Set(brought);
        for (const earlier of await db.meta.where('key').startsWith(refillPagePrefix).toArray()) {
          for (const ref of earlier.value as string[]) all.add(ref);
        }
        for (const ref of await sweepMirror(db, all)) touched.add(ref);
        await db.meta.where('key').startsWith(refillPagePrefix).delete();
        await db.meta.delete(metaKeys.refill);
      }
    }
    await db.meta.put({ key: metaKeys.cursor, value: page.cursor });
    if (first && page.hasMore) {
      const previous = (await db.meta.get(metaKeys.firstPull))?.value as FirstPullProgress | undefined;
      await db.meta.put({ key: metaKeys.firstPull, value: progressAfter(previous, page, (entity) => isMirrorTable(db, entity)) });
    } else if (first) {
      await db.meta.delete(metaKeys.firstPull);
      await db.meta.put({ key: metaKeys.lastSyncAt, value: first.now });
    }
    await recompute(db, kinds, touched, outbox);
    if (!page.hasMore && stale.length > 0) {
      for (const tally of db.tallies) if (stale.includes(tally.source)) await fillTally(db, tally);
      await db.meta.delete(metaKeys.staleTallies);
    }
  });
}

/**
 * What a pull page cost the device, as a User Timing measure (`kaksha-sync:pull-page`, its detail a
 * `PullPageTiming`): devtools' performance panel shows it, and `npm run bench:offline` reads it to set
 * the pull's own work beside a bare write of the same rows. A pull phase is `kaksha-sync:pull`.
 */
export interface PullPageTiming {
  changes: number;
  /** Waiting for the answer and reading its JSON (the page was asked for while the last one was stored). */
  waitMs: number;
  /** Checking the page against the contract. */
  decodeMs: number;
  /** The page's transaction, from opening to commit. */
  storeMs: number;
  /** Whether this pull is the device's first (no complete pull stored before it). */
  first: boolean;
}

export const pullPageMeasure = 'kaksha-sync:pull-page';
export const pullMeasure = 'kaksha-sync:pull';

function measure(name: string, start: number, detail: unknown): void {
  try {
    globalThis.performance?.measure?.(name, { start, end: globalThis.performance.now(), detail });
  } catch {
    // No User Timing here (an old browser): nothing to record.
  }
}

const now = () => globalThis.performance?.now?.() ?? Date.now();

function requestPage(options: PullOptions, cursor: string): Promise<CallInFlight> {
  return startCall(options.session, { method: 'GET', path: paths.sync.pull, query: { cursor, limit: options.limit } }, options.signal);
}

export async function pullPhase(options: PullOptions): Promise<PullResult> {
  // Pages are read with the contract's schemas, and pending changes re-applied with their kinds.
  await loadContract();
  const result: PullResult = { status: 'done', pages: 0, changes: 0, reset: false };
  let cursor = await storedCursor(options.outbox);
  let fresh = false;
  let refilling = (await options.outbox.db.meta.get(metaKeys.refill)) !== undefined;
  const first = typeof (await options.outbox.db.meta.get(metaKeys.lastSyncAt))?.value !== 'number';
  const pullStarted = now();
  const filling: { tables?: FilledTables } = {};
  let next: CallInFlight | undefined;
  try {
    for (;;) {
      if (options.signal.aborted) return { ...result, status: 'aborted' };
      const waitStarted = now();
      const call = next ?? (await requestPage(options, fresh ? '' : cursor));
      next = undefined;
      const outcome = await call.outcome();
      if (outcome.kind === 'aborted') return { ...result, status: 'aborted' };
      if (outcome.kind === 'sign-in') return { ...result, status: 'sign-in' };
      if (outcome.kind === 'no-response') return { ...result, status: 'no-response', error: outcome.error };
      const decodeStarted = now();
      const page = outcome.status === 200 ? readPage(outcome.envelope.data) : undefined;
      const decoded = now();
      if (!page) {
        return { ...result, status: 'failed', error: outcome.envelope.message ?? `pull answered ${outcome.status}` };
      }
      const fromEmpty = fresh || cursor === '';
      if (page.reset && !fromEmpty) {
        // Start over from an empty cursor, over the mirror as it is.
        fresh = true;
        result.reset = true;
        continue;
      }
      const mode: PageMode = fresh ? 'refill-start' : page.reset && cursor === '' ? 'clear' : refilling ? 'refill' : 'update';
      // The next page travels while this one is stored (on 3G the round trip and the server's time
      // overlap the IndexedDB work); its answer is read only after this page's transaction, and an
      // interruption resumes from the last page stored, so at worst the page in flight is asked again.
      if (page.hasMore) next = await requestPage(options, page.cursor);
      const storeStarted = now();
      // A reset starts the phase's knowledge over: its first page may clear the mirror.
      if (mode === 'clear' || mode === 'refill-start') delete filling.tables;
      await applyPage(options.outbox, page, mode, first ? { now: options.clock.now() } : null, filling);
      const timing: PullPageTiming = {
        changes: page.changes.length,
        waitMs: decodeStarted - waitStarted,
        decodeMs: decoded - decodeStarted,
        storeMs: now() - storeStarted,
        first,
      };
      measure(pullPageMeasure, waitStarted, timing);
      if (page.hasMore) await yieldToScreens();
      refilling = (mode === 'refill-start' || mode === 'refill') && page.hasMore;
      result.pages += 1;
      result.changes += page.changes.length;
      fresh = false;
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
  } finally {
    next?.abandon();
    measure(pullMeasure, pullStarted, { first, pages: result.pages, changes: result.changes });
  }
  await options.outbox.db.meta.put({ key: metaKeys.lastSyncAt, value: options.clock.now() });
  return result;
}
