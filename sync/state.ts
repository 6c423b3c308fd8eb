/**
 * The sync state every signed-in screen shows (docs/sync.md "Connectivity"), as rxjs streams. What lives
 * in the database (waiting count, not-accepted list, conflicts, last sync, "sign in again") is read
 * with Dexie's liveQuery, so every tab of the user sees the same; what belongs to this tab
 * (network, server-down flag, a job running, storage full) comes from memory.
 */
import { liveQuery } from 'dexie';
import { BehaviorSubject, combineLatest, distinctUntilChanged, from, map, shareReplay, type Observable } from 'rxjs';
import type { Connectivity } from './connectivity';
import { metaKeys, type ConflictRow, type FirstPullProgress, type KakshaDb, type RejectedEntry } from './db';

export interface SyncState {
  online: boolean;
  serverDown: boolean;
  /** Changes that have not reached the school yet. */
  pendingCount: number;
  /** When a pull last completed (ms since the epoch), or null. */
  lastSyncAt: number | null;
  syncing: boolean;
  /** The session could not be renewed: sync is paused until the same user signs in again. */
  needsSignIn: boolean;
  /** The last change could not be saved for lack of space. */
  storageFull: boolean;
  /** The "not accepted" list, oldest first. */
  rejected: RejectedEntry[];
  /** "Changed elsewhere" notices, oldest first. */
  conflicts: ConflictRow[];
}

/**
 * Whether the school's records have arrived on this device: `arrived` once a pull has completed
 * (the first pull of this user's store; later pulls only bring changes). Until then, what the
 * first pull has brought (`received`, by entity) of what its first page said it brings
 * (`expected`, null until that page, or from a server that does not say).
 */
export interface FirstSyncState {
  arrived: boolean;
  pages: number;
  received: Record<string, number>;
  expected: Record<string, number> | null;
}

export interface SyncStateStreams {
  state$: Observable<SyncState>;
  online$: Observable<boolean>;
  serverDown$: Observable<boolean>;
  pendingCount$: Observable<number>;
  lastSyncAt$: Observable<number | null>;
  syncing$: Observable<boolean>;
  needsSignIn$: Observable<boolean>;
  storageFull$: Observable<boolean>;
  rejected$: Observable<RejectedEntry[]>;
  conflicts$: Observable<ConflictRow[]>;
  /** Apart from `state$`: it moves with every page of a first pull, which the sync bar need not follow. */
  firstSync$: Observable<FirstSyncState>;
}

function firstSyncOf(lastSyncAt: unknown, progress: unknown): FirstSyncState {
  if (typeof lastSyncAt === 'number') return { arrived: true, pages: 0, received: {}, expected: null };
  const stored = (typeof progress === 'object' && progress !== null ? progress : {}) as Partial<FirstPullProgress>;
  return { arrived: false, pages: stored.pages ?? 0, received: stored.received ?? {}, expected: stored.expected ?? null };
}

function live<T>(query: () => Promise<T>): Observable<T> {
  return from(liveQuery(query)).pipe(shareReplay({ bufferSize: 1, refCount: true }));
}

export function createSyncState(db: KakshaDb, connectivity: Connectivity) {
  const syncing = new BehaviorSubject(false);
  const storageFull = new BehaviorSubject(false);
  const meta$ = live(() => db.meta.bulkGet([metaKeys.lastSyncAt, metaKeys.needsSignIn]));
  const pendingCount$ = live(() => db.outbox.count());
  const rejected$ = live(() => db.rejected.orderBy('rejectedAt').toArray());
  const conflicts$ = live(() => db.conflicts.orderBy('seq').toArray());
  const lastSyncAt$ = meta$.pipe(
    map(([row]) => (typeof row?.value === 'number' ? row.value : null)),
    distinctUntilChanged(),
  );
  const needsSignIn$ = meta$.pipe(
    map(([, row]) => row?.value === true),
    distinctUntilChanged(),
  );
  const firstSync$ = live(() => db.meta.bulkGet([metaKeys.lastSyncAt, metaKeys.firstPull])).pipe(
    map(([last, progress]) => firstSyncOf(last?.value, progress?.value)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  const syncing$ = syncing.pipe(distinctUntilChanged());
  const storageFull$ = storageFull.pipe(distinctUntilChanged());

  const state$: Observable<SyncState> = combineLatest({
    online: connectivity.online$,
    serverDown: connectivity.serverDown$,
    pendingCount: pendingCount$,
    lastSyncAt: lastSyncAt$,
    syncing: syncing$,
    needsSignIn: needsSignIn$,
    storageFull: storageFull$,
    rejected: rejected$,
    conflicts: conflicts$,
  }).pipe(shareReplay({ bufferSize: 1, refCount: true }));

  const streams: SyncStateStreams = {
    state$,
    online$: connectivity.online$,
    serverDown$: connectivity.serverDown$,
    pendingCount$,
    lastSyncAt$,
    syncing$,
    needsSignIn$,
    storageFull$,
    rejected$,
    conflicts$,
    firstSync$,
  };
  return {
    streams,
    setSyncing: (value: boolean) => syncing.next(value),
    setStorageFull: (value: boolean) => storageFull.next(value),
    close() {
      syncing.complete();
      storageFull.complete();
    },
  };
}
