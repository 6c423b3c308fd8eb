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
import { pulledPageSchema, type PulledPage } from '../contract/sync';
import { metaKeys, refillPageKey, refillPagePrefix, type FirstPullProgress, type MirrorTable } from './db';
import type { Clock } from './http';
import { applyServerDelete, applyServerUpserts, clearMirror, isMirrorTable, recompute, rowRef, sweepMirror, syncTables } from './mirror';
import type { OutboxContext } from './outbox';
import { startCall, type CallInFlight, type SessionOptions } from './session';
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
  const parsed = pulledPageSchema.safeParse(data);
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
 * `first`: this is the device's first pull (no complete pull stored yet): each page records its
 * progress, and the last one the time it completed, so the screens waiting for it (src/kit
 * WaitForFirstSync) open with the page that makes the mirror whole.
 */
async function applyPage(outbox: OutboxContext, page: PulledPage, mode: PageMode, first: { now: number } | null): Promise<void> {
  const { db, kinds } = outbox;
  await db.transaction('rw', syncTables(db), async () => {
    const touched = new Set<string>(mode === 'clear' ? await clearMirror(db) : []);
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
      for (const ref of await applyServerUpserts(db, run)) touched.add(ref);
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
  });
}

function requestPage(options: PullOptions, cursor: string): Promise<CallInFlight> {
  return startCall(options.session, { method: 'GET', path: paths.sync.pull, query: { cursor, limit: options.limit } }, options.signal);
}

export async function pullPhase(options: PullOptions): Promise<PullResult> {
  const result: PullResult = { status: 'done', pages: 0, changes: 0, reset: false };
  let cursor = await storedCursor(options.outbox);
  let fresh = false;
  let refilling = (await options.outbox.db.meta.get(metaKeys.refill)) !== undefined;
  const first = typeof (await options.outbox.db.meta.get(metaKeys.lastSyncAt))?.value !== 'number';
  let next: CallInFlight | undefined;
  try {
    for (;;) {
      if (options.signal.aborted) return { ...result, status: 'aborted' };
      const call = next ?? (await requestPage(options, fresh ? '' : cursor));
      next = undefined;
      const outcome = await call.outcome();
      if (outcome.kind === 'aborted') return { ...result, status: 'aborted' };
      if (outcome.kind === 'sign-in') return { ...result, status: 'sign-in' };
      if (outcome.kind === 'no-response') return { ...result, status: 'no-response', error: outcome.error };
      const page = outcome.status === 200 ? readPage(outcome.envelope.data) : undefined;
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
      await applyPage(options.outbox, page, mode, first ? { now: options.clock.now() } : null);
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
  }
  await options.outbox.db.meta.put({ key: metaKeys.lastSyncAt, value: options.clock.now() });
  return result;
}
