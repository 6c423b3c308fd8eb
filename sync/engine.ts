/**
 * The sync engine of one user of one school: `createSyncEngine()` wires the per-user database, the
 * outbox transactions, the push and pull phases and the state streams. A sync job is push-then-pull
 * under the user's Web Lock; jobs run on start, `online`, app focus, a new change, a retry time
 * coming due, and periodically. Background sync only changes state: it never navigates or throws.
 */
import { filter, skip, Subscription, type Observable } from 'rxjs';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './backoff';
import { browserConnectivity, type Connectivity } from './connectivity';
import { metaKeys, openKakshaDb, type DexieDependencies, type KakshaDb } from './db';
import { isQuotaError, StorageFullError } from './errors';
import { realClock, type Clock, type FetchLike } from './http';
import type { MutationKind } from './kinds/kind';
import { kindsOf, type KindNameOf, type PayloadOf, type SyncModules } from './module-kit';
import { browserLocks, pushLockName, withLock, type LockManagerLike } from './locks';
import { recordMutation, type MutationResult, type OutboxContext } from './outbox';
import { pullPhase, type PullResult } from './puller';
import { defaultBatchPolicy, pushPhase, type BatchPolicy, type BatchSupport, type PushResult } from './pusher';
import type { SessionOptions, TokenProvider, TokenRenewer } from './session';
import { createSyncState, type SyncState, type SyncStateStreams } from './state';
import { uuidv7 } from './uuid';
import { loadContract } from './contract';

export interface SyncEngineOptions<M extends SyncModules = SyncModules> {
  /**
   * The app's modules (sync/modules/index.ts): the store's tables and schema history, and the kinds
   * `mutate()` takes, typed by them.
   */
  modules: M;
  tenantId: string;
  /** The username as the token's `sub` carries it; it names the database. */
  username: string;
  /** The user's id (the token's `uid`), shown as "marked by" on optimistic rows until the school answers. */
  userId?: string;
  /** Where the API lives ('' for the same origin). */
  baseUrl?: string;
  /** The session's token for this tenant and user (null when it has none). */
  getToken: TokenProvider;
  /** Renews the session's token (POST /api/auth/refresh); null when it cannot be renewed. */
  renewToken: TokenRenewer;
  fetch?: FetchLike;
  /** Web Locks; null to run without (one job at a time in this tab only). Default: navigator.locks. */
  locks?: LockManagerLike | null;
  connectivity?: Connectivity;
  clock?: Clock;
  random?: () => number;
  newId?: () => string;
  /** An already opened database (tests; schema upgrade checks). Default: kaksha:<tenant>:<user>. */
  db?: KakshaDb;
  dexieDependencies?: DexieDependencies;
  /** Kinds besides the modules' (tests). */
  kinds?: MutationKind[];
  retry?: Partial<RetryPolicy>;
  pullIntervalMs?: number;
  /** Outbox entries read at a time by the push (default 100, or four requests' worth if more). */
  pushBatchSize?: number;
  /**
   * Entries per `POST /api/sync/push` request and their bytes (default 100, the server's most, and 256 KiB);
   * `maxEntries: 1` sends every entry as its own direct call.
   */
  pushBatch?: Partial<BatchPolicy>;
  pullLimit?: number;
  requestTimeoutMs?: number;
}

export interface SyncReport {
  status: 'ok' | 'offline' | 'sign-in' | 'no-response' | 'stopped' | 'aborted' | 'error';
  push?: PushResult;
  pull?: PullResult;
  error?: string;
}

/** An engine of the modules `M`; `SyncEngine` from sync/index.ts is the app's. */
export interface SyncEngine<M extends SyncModules = SyncModules> extends SyncStateStreams {
  readonly db: KakshaDb;
  readonly tenantId: string;
  readonly username: string;
  /**
   * Records a change: the mirror and the outbox in one transaction. Throws StorageFullError on a
   * full disk. The payload's type is the kind's, among the modules' kinds.
   */
  mutate<K extends KindNameOf<M>>(kind: K, payload: PayloadOf<M, K>): Promise<MutationResult>;
  /** Starts background sync (and runs a job at once). */
  start(): void;
  /** Stops background sync; the current request is abandoned (its entry is resent later under the same key). */
  stop(): Promise<void>;
  /** Stops and closes the database (sign-out: the outbox stays on the device). */
  close(): Promise<void>;
  /**
   * Stops background sync and resolves once no mutation transaction is running, so the page may
   * reload (an app update) without cutting a change in half. Mutations still work afterwards.
   */
  quiesce(): Promise<void>;
  /** Runs a job now, retrying waiting entries at once; also the way out of "sign in again". */
  syncNow(): Promise<SyncReport>;
  pendingCount(): Promise<number>;
  dismissRejected(id: string): Promise<void>;
  dismissConflict(seq: number): Promise<void>;
}

/** Rows asked for per pull page: the server's most (contract/sync.ts); its byte cap cuts pages of large records sooner. */
export const pullPageRows = 1000;

export function createSyncEngine<const M extends SyncModules>(options: SyncEngineOptions<M>): SyncEngine<M> {
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  const connectivity = options.connectivity ?? browserConnectivity;
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const ownsDb = !options.db;
  const db = options.db ?? openKakshaDb(options.tenantId, options.username, { modules: options.modules, dependencies: options.dexieDependencies });
  const kinds = new Map<string, MutationKind>();
  for (const kind of [...kindsOf(options.modules), ...(options.kinds ?? [])]) kinds.set(kind.name, kind);
  const retry: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const pullIntervalMs = options.pullIntervalMs ?? 60_000;
  const lockName = pushLockName(options.tenantId, options.username);
  const batchPolicy: BatchPolicy = { ...defaultBatchPolicy, ...options.pushBatch };
  const batchSupport: BatchSupport = { supported: batchPolicy.maxEntries > 1 };

  const outbox: OutboxContext = {
    db,
    kinds,
    tenantId: options.tenantId,
    username: options.username,
    userId: options.userId ?? options.username,
    now: () => clock.now(),
    newId: options.newId ?? (() => uuidv7(clock.now(), random)),
  };
  const session: SessionOptions = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    baseUrl: options.baseUrl ?? '',
    tenantId: options.tenantId,
    username: options.username,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    clock,
    reportServerDown: (down) => connectivity.setServerDown(down),
    getToken: options.getToken,
    renewToken: options.renewToken,
  };
  const state = createSyncState(db, connectivity);

  let started = false;
  let stopped = false;
  let request: { force: boolean; waiters: ((report: SyncReport) => void)[] } | null = null;
  let loop: Promise<void> | null = null;
  let job: AbortController | null = null;
  let timer: unknown = null;
  let lastPullAt = -Infinity;
  let retryAt: number | undefined;
  /** Pulls in a row that got no answer or a failure: the next one is retried with backoff. */
  let pullFailures = 0;
  const writing = new Set<Promise<unknown>>();
  const subscriptions = new Subscription();
  // A page about to be frozen or closed gives up its job (and the lock) at once, started or not.
  subscriptions.add(connectivity.suspend$.subscribe(() => job?.abort()));

  async function setNeedsSignIn(value: boolean) {
    const current = await db.meta.get(metaKeys.needsSignIn);
    if (Boolean(current?.value) !== value) await db.meta.put({ key: metaKeys.needsSignIn, value });
  }

  async function runJob(force: boolean): Promise<SyncReport> {
    // The periodic timer counts from every attempt, so an offline device does not spin.
    lastPullAt = clock.now();
    retryAt = undefined;
    if (!connectivity.isOnline()) return { status: 'offline' };
    const controller = new AbortController();
    job = controller;
    state.setSyncing(true);
    try {
      return await withLock(locks, lockName, controller.signal, async () => {
        if ((await db.meta.get(metaKeys.needsSignIn))?.value === true) return { status: 'sign-in' };
        const signal = controller.signal;
        const push = await pushPhase({
          outbox,
          session,
          retry,
          random,
          clock,
          // Several requests' worth per read, so one request can go out while the last one's answers are stored.
          batchSize: options.pushBatchSize ?? Math.max(100, batchPolicy.maxEntries * 4),
          batchPolicy,
          batchSupport,
          force,
          signal,
        });
        retryAt = push.retryAt;
        if (push.status === 'sign-in') {
          await setNeedsSignIn(true);
          return { status: 'sign-in', push };
        }
        if (push.status === 'aborted') return { status: 'aborted', push };
        if (push.status === 'no-response') return { status: 'no-response', push };
        const pull = await pullPhase({ outbox, session, clock, limit: options.pullLimit ?? pullPageRows, signal });
        if (pull.status === 'no-response' || pull.status === 'failed') {
          // A lost page is asked again after the push's backoff, not at the next periodic pull
          // (a minute): the rest of a first pull would wait that long for one dropped request.
          pullFailures += 1;
          retryAt = Math.min(retryAt ?? Infinity, clock.now() + retryDelay(pullFailures, retry, random));
        } else if (pull.status === 'done') {
          pullFailures = 0;
        }
        if (pull.status === 'sign-in') {
          await setNeedsSignIn(true);
          return { status: 'sign-in', push, pull };
        }
        const status = pull.status === 'done' ? 'ok' : pull.status === 'failed' ? 'error' : pull.status;
        return { status, push, pull, ...(pull.error ? { error: pull.error } : {}) };
      });
    } catch (error) {
      if (controller.signal.aborted) return { status: 'aborted' };
      if (isQuotaError(error)) state.setStorageFull(true);
      return { status: 'error', error: error instanceof Error ? error.message : String(error) };
    } finally {
      if (job === controller) job = null;
      state.setSyncing(false);
    }
  }

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!started || stopped) return;
    const now = clock.now();
    const due = Math.min(retryAt ?? Infinity, lastPullAt + pullIntervalMs);
    timer = clock.setTimeout(() => {
      timer = null;
      void requestJob(false);
    }, Math.max(0, Math.min(due - now, 2 ** 31 - 1)));
  }

  async function drain() {
    while (request && !stopped) {
      const { force, waiters } = request;
      request = null;
      const report = await runJob(force);
      for (const resolve of waiters) resolve(report);
    }
    loop = null;
    if (request) for (const resolve of request.waiters) resolve({ status: 'stopped' });
    request = null;
    schedule();
  }

  function requestJob(force: boolean): Promise<SyncReport> {
    if (stopped) return Promise.resolve({ status: 'stopped' });
    return new Promise((resolve) => {
      request ??= { force: false, waiters: [] };
      request.force ||= force;
      request.waiters.push(resolve);
      loop ??= drain();
    });
  }

  const engine: SyncEngine<M> = {
    db,
    tenantId: options.tenantId,
    username: options.username,
    ...state.streams,

    async mutate(kind, payload) {
      const recording = recordMutation(outbox, kind, payload);
      writing.add(recording);
      try {
        const result = await recording;
        state.setStorageFull(false);
        if (started) void requestJob(false);
        return result;
      } catch (error) {
        if (isQuotaError(error)) {
          state.setStorageFull(true);
          throw new StorageFullError(error);
        }
        throw error;
      } finally {
        writing.delete(recording);
      }
    },

    start() {
      if (started || stopped) return;
      started = true;
      // The contract's schemas, for the first change and the first push or pull (not before the first screen).
      void loadContract().catch(() => undefined);
      subscriptions.add(
        connectivity.online$.pipe(skip(1), filter(Boolean)).subscribe(() => void requestJob(true)),
      );
      subscriptions.add(connectivity.focus$.subscribe(() => void requestJob(true)));
      // A database closed meanwhile (sign-out right after sign-in) only means there is nothing to do.
      void setNeedsSignIn(false)
        .catch(() => undefined)
        .then(() => requestJob(true));
    },

    async stop() {
      stopped = true;
      subscriptions.unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      job?.abort();
      await loop;
    },

    async close() {
      await engine.stop();
      state.close();
      if (ownsDb) db.close();
    },

    async quiesce() {
      await engine.stop();
      while (writing.size > 0) await Promise.allSettled([...writing]);
    },

    async syncNow() {
      if (stopped) return { status: 'stopped' };
      try {
        await setNeedsSignIn(false);
      } catch (error) {
        return { status: stopped ? 'stopped' : 'error', error: error instanceof Error ? error.message : String(error) };
      }
      return requestJob(true);
    },

    pendingCount: () => db.outbox.count(),

    async dismissRejected(id) {
      await db.rejected.delete(id);
    },

    async dismissConflict(seq) {
      await db.conflicts.delete(seq);
    },
  };
  return engine;
}

export type { SyncState, Observable };
