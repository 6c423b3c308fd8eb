/**
 * The signed-in user's sync engine, one per tab (docs/sync.md "Local store"): created when a session
 * starts (sign-in, a stored session at startup, another tab signing in) for that session's school
 * and user, closed when the session ends or another user takes over. Each user has their own
 * database, so a second person signing in on this browser never sees or sends the first one's
 * changes; those wait on the device until their owner signs in again.
 *
 * The engine's code (Dexie, the outbox) is loaded on first use, so the public pages never
 * download it. Framework-free: React reads it through hooks.ts.
 */
import { decodeJwt } from 'jose';
import { headers as headerNames } from '../../contract/headers';
import { paths } from '../../contract/paths';
import { staffRoles } from '../../contract/roles';
import type { AppModules, PersistOutcome, SyncEngine, SyncEngineOptions } from '../../sync';
import type { Session } from '../session/session-rules';
import type { SessionSnapshot } from '../session/session-store';
import type { FileSender, FileSenderOptions, FileSummary } from './file-sender';

/** The part of the session store the host needs (the real one, or a test double). */
export interface SessionSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionSnapshot;
  /** The stored token (shared by every tab of this browser). */
  token(): string | null;
  replaceToken(token: string): void;
}

export interface EngineIdentity {
  tenantId: string;
  username: string;
  userId?: string;
  role?: string;
}

export type EngineFactory = (options: SyncEngineOptions) => SyncEngine;

export interface EngineHostOptions {
  /**
   * Loads the engine module and the app's module list it is given, and when the engine's first job,
   * the file sender and the storage request may start (default: engine-module.ts, once the first
   * screen is drawn; without `backgroundMayStart`, at once).
   */
  load?: () => Promise<{
    createSyncEngine: EngineFactory;
    syncModules: AppModules;
    requestPersistentStorage: () => Promise<PersistOutcome>;
    backgroundMayStart?: () => Promise<void>;
  }>;
  fetch?: typeof fetch;
  /** Extra engine options (tests: fake IndexedDB, connectivity). */
  engineOptions?: Partial<SyncEngineOptions>;
  /** Loads the file sender started with every engine (default: a dynamic import of file-sender.ts). */
  loadFiles?: () => Promise<{ startFileSender: (engine: SyncEngine, options: FileSenderOptions) => FileSender }>;
  /** Extra file sender options (tests: no Web Locks; the app: how a refusal is told). */
  fileOptions?: Partial<FileSenderOptions>;
}

export interface EngineHost {
  /** The engine of the signed-in user, or null (signed out, or still loading). */
  current(): SyncEngine | null;
  subscribe(listener: () => void): () => void;
  /** Whether the browser agreed to keep this origin's data (asked after a teacher or admin signs in). */
  persistence(): PersistOutcome | null;
  /** The signed-in user's files waiting to be sent and refused ones (null until the sender runs). */
  files(): FileSummary | null;
  /** The sender of the current engine's waiting files (null while signed out or loading). */
  fileSender(): FileSender | null;
  /**
   * Follows the session: call once at startup. `engineOptions` are added to every engine's options
   * (tests: an offline connectivity, no Web Locks). Returns the unsubscribe.
   */
  bind(source: SessionSource, engineOptions?: Partial<SyncEngineOptions>): () => void;
  /** Resolves when the engine matches the session (or is closed after an unbind). */
  settled(): Promise<void>;
  /** Stops background sync and waits for running writes (before a reload for an update). */
  quiesce(): Promise<void>;
}

/** Whose engine a session needs: the token's own claims first (they name the database). */
export function identityOf(session: Session | null): EngineIdentity | null {
  if (!session) return null;
  let userId: string | undefined;
  try {
    const claims = decodeJwt(session.token);
    userId = typeof claims.uid === 'string' ? claims.uid : undefined;
  } catch {
    userId = undefined;
  }
  return {
    tenantId: session.claims.tenantId ?? session.tenantId,
    username: session.claims.sub ?? session.username,
    userId,
    role: session.role,
  };
}

const keyOf = (identity: EngineIdentity | null) => (identity ? `${identity.tenantId}\n${identity.username}` : '');

export function createEngineHost(options: EngineHostOptions = {}): EngineHost {
  const load = options.load ?? (() => import('./engine-module'));
  const loadFiles = options.loadFiles ?? (() => import('./file-sender'));
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const listeners = new Set<() => void>();
  let engine: SyncEngine | null = null;
  let engineKey = '';
  let wantedKey = '';
  let lastToken: string | null = null;
  let needsSignIn = false;
  let persisted: PersistOutcome | null = null;
  let queue: Promise<void> = Promise.resolve();
  let source: SessionSource | null = null;
  let stateSubscription: { unsubscribe(): void } | null = null;
  let boundOptions: Partial<SyncEngineOptions> = {};
  let sender: FileSender | null = null;
  let files: FileSummary | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** POST /api/auth/refresh with this user's token; null when the server refuses it. */
  async function renewToken(identity: { tenantId: string; username: string }): Promise<string | null> {
    const token = source?.token() ?? null;
    if (!token) return null;
    const response = await fetchImpl(paths.refresh, {
      method: 'POST',
      headers: { Accept: 'application/json', [headerNames.tenant]: identity.tenantId, Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    // Loaded with the engine: the schemas are zod, which the first page's bundle does not carry.
    const [{ envelopeSchema }, { refreshDataSchema }] = await Promise.all([import('../../contract/envelope'), import('../../contract/auth')]);
    const answer = envelopeSchema(refreshDataSchema).safeParse(body);
    const renewed = answer.success ? answer.data.data.jwtToken : '';
    if (!renewed) return null;
    // Only over the token we renewed: the user may have signed out or in meanwhile.
    if (source?.token() === token) source.replaceToken(renewed);
    return renewed;
  }

  async function switchTo(identity: EngineIdentity | null, key: string): Promise<void> {
    if (key === engineKey) return;
    if (engine) {
      const old = engine;
      engine = null;
      engineKey = '';
      stateSubscription?.unsubscribe();
      stateSubscription = null;
      sender?.stop();
      sender = null;
      files = null;
      notify();
      await old.close().catch((error: unknown) => console.warn('Closing the sync engine failed', error));
    }
    if (!identity || key !== wantedKey) return;
    const sync = await load();
    if (key !== wantedKey) return;
    const created = sync.createSyncEngine({
      modules: sync.syncModules,
      tenantId: identity.tenantId,
      username: identity.username,
      userId: identity.userId,
      baseUrl: '',
      // The engine checks that the token is this user's of this school before sending anything.
      getToken: () => source?.token() ?? null,
      renewToken,
      ...options.engineOptions,
      ...boundOptions,
    });
    engine = created;
    engineKey = key;
    needsSignIn = false;
    stateSubscription = created.needsSignIn$.subscribe((value) => {
      needsSignIn = value;
    });
    notify();
    void (sync.backgroundMayStart?.() ?? Promise.resolve()).then(() => {
      if (engine !== created) return;
      created.start();
      // What a screen noted and this user's engine never stored, the page having gone away first.
      void import('./unsent-journal').then(({ replayUnsent }) => (engine === created ? replayUnsent(created) : 0)).catch((error: unknown) => console.warn('Replaying unsent changes failed', error));
      void startFiles(created, identity);
      if (identity.role && (staffRoles as readonly string[]).includes(identity.role)) {
        void sync.requestPersistentStorage().then((outcome) => {
          persisted = outcome;
          notify();
        });
      }
    });
  }

  /** The user's waiting files go whatever screen is open (docs/decisions.md "Homework"). */
  async function startFiles(created: SyncEngine, identity: EngineIdentity): Promise<void> {
    try {
      const { startFileSender } = await loadFiles();
      if (engine !== created) return;
      sender = startFileSender(created, {
        fetch: (input, init) => fetchImpl(input, init),
        headers: () => {
          const token = source?.token();
          return { [headerNames.tenant]: identity.tenantId, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
        },
        onSummary: (summary) => {
          if (engine !== created) return;
          files = summary;
          notify();
        },
        ...options.fileOptions,
      });
      notify();
    } catch (error) {
      console.warn('Starting the file sender failed', error);
    }
  }

  function reconcile(): void {
    const session = source?.getSnapshot().session ?? null;
    const identity = identityOf(session);
    const key = keyOf(identity);
    const token = session?.token ?? null;
    const sameUserNewToken = key !== '' && key === wantedKey && token !== lastToken;
    lastToken = token;
    if (sameUserNewToken) {
      // Signed in again (here or in another tab) after sync paused for a sign-in: resume now.
      if (engine && engineKey === key && needsSignIn) void engine.syncNow().catch(() => undefined);
      return;
    }
    if (key === wantedKey) return;
    wantedKey = key;
    queue = queue.then(() => switchTo(identity, key)).catch((error: unknown) => console.warn('Starting the sync engine failed', error));
  }

  return {
    current: () => engine,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    persistence: () => persisted,
    files: () => files,
    fileSender: () => sender,
    bind(next, engineOptions = {}) {
      source = next;
      boundOptions = engineOptions;
      const unsubscribe = next.subscribe(reconcile);
      reconcile();
      return () => {
        unsubscribe();
        source = null;
        wantedKey = '';
        lastToken = null;
        queue = queue.then(() => switchTo(null, ''));
      };
    },
    settled: () => queue,
    async quiesce() {
      await queue;
      await engine?.quiesce();
    },
  };
}

/** The app's one host (bound to the session store in main.tsx). */
export const engineHost = createEngineHost();
