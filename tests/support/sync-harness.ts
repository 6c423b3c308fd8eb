/**
 * The sync engine against the real server in-process: a fresh server database with one school
 * (tests/support/school-fixtures.ts), a fault-injecting fetch, a session per user (tokens keyed by
 * tenant and username, as the app's session keeps them) and engines over one in-memory IndexedDB
 * per harness, so "restart the app" is a new engine over the same IndexedDB.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { and, eq, isNull } from 'drizzle-orm';
import { paths } from '../../contract/paths';
import type { RoleName } from '../../contract/roles';
import type { PullResponse } from '../../contract/sync';
import { classes } from '../../server/db/core-tables';
import { createConnectivity } from '../../sync/connectivity';
import { openKakshaDb, type KakshaDb } from '../../sync/db';
import { createSyncEngine, type SyncEngine as EngineOf, type SyncEngineOptions as EngineOptionsOf } from '../../sync/engine';
import type { SyncModules } from '../../sync/module-kit';
import type { SyncEngine, SyncEngineOptions } from '../../sync';
import { syncModules } from '../../sync/modules';
import { createInjectFetch, type InjectFetch } from './inject-fetch';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from './school-fixtures';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { createTestApp, testJwtSecret, type TestApp } from './test-app';

export interface SyncHarness {
  server: TestApp;
  school: SchoolFixture;
  net: InjectFetch;
  tenantId: string;
  indexedDB: IDBFactory;
  /** Current session tokens by `tenant:username` (what getToken hands the engine). */
  tokens: Map<string, string>;
  /** When false, renewing a session fails (as with an expired token). */
  renewals: { allowed: boolean; count: number };
  signIn(role: RoleName): Promise<string>;
  username(role: RoleName): string;
  engine(role: RoleName, overrides?: Partial<SyncEngineOptions>): SyncEngine;
  /** An engine of other modules than the app's (tests/fixtures/module adds one to them). */
  engineOf<const M extends SyncModules>(role: RoleName, modules: M): EngineOf<M>;
  openDb(role: RoleName): KakshaDb;
  serverClasses(): Promise<{ id: string; className: string; classSection: string; rev: number }[]>;
  /** A new server process over the same database (in-memory state such as rate limits is lost). */
  restartServer(): Promise<void>;
  /** Closes the engines (the server belongs to the test file, which closes it). */
  close(): Promise<void>;
}

let counter = 0;

/** One server per test file (building it takes seconds); each harness gets its own school. */
export async function createSyncServer(options: { tokenTtlSeconds?: number } = {}): Promise<TestApp> {
  return createTestApp({ tokenTtlSeconds: options.tokenTtlSeconds });
}

export async function createSyncHarness(server: TestApp): Promise<SyncHarness> {
  counter += 1;
  const tenantId = `sync-${process.pid}-${counter}`;
  const school = await createSchoolFixture(server.database.db, tenantId);
  const net = createInjectFetch(server.app);
  const indexedDB = new IDBFactory();
  const tokens = new Map<string, string>();
  const renewals = { allowed: true, count: 0 };
  const engines: { close(): Promise<void> }[] = [];
  const dependencies = { indexedDB, IDBKeyRange };

  const username = (role: RoleName) => school.accounts[role].username;

  function optionsFor<const M extends SyncModules>(role: RoleName, modules: M): EngineOptionsOf<M> {
    return {
      modules,
      tenantId,
      username: username(role),
      getToken: (identity) => tokens.get(`${identity.tenantId}:${identity.username}`) ?? null,
      renewToken: async (identity) => {
        renewals.count += 1;
        const key = `${identity.tenantId}:${identity.username}`;
        const current = tokens.get(key);
        if (!renewals.allowed || !current) return null;
        const response = await net.fetch(paths.refresh, {
          method: 'POST',
          headers: { 'X-TenantID': identity.tenantId, Authorization: `Bearer ${current}` },
        });
        if (response.status !== 200) return null;
        const token = ((await response.json()) as { data: { jwtToken: string } }).data.jwtToken;
        tokens.set(key, token);
        return token;
      },
      // Through `net` at call time, so a test may wrap or swap `net.fetch` after creating the engine.
      fetch: (input, init) => net.fetch(input, init),
      locks: null,
      connectivity: createConnectivity(),
      dexieDependencies: dependencies,
      retry: { baseMs: 2, capMs: 20 },
      pullIntervalMs: 3_600_000,
      requestTimeoutMs: 10_000,
      // One direct call per entry unless a test asks for batches (their requests are per entry);
      // SYNC_PUSH_BATCH=<n> runs any engine test with batches of n.
      pushBatch: { maxEntries: Number(process.env.SYNC_PUSH_BATCH || 1) },
    };
  }

  const harness: SyncHarness = {
    server,
    school,
    net,
    tenantId,
    indexedDB,
    tokens,
    renewals,
    username,
    async signIn(role) {
      const token = await server.signIn(tenantId, username(role), fixturePassword);
      tokens.set(`${tenantId}:${username(role)}`, token);
      return token;
    },
    engine(role, overrides = {}) {
      const engine = createSyncEngine({ ...optionsFor(role, syncModules), ...overrides });
      engines.push(engine);
      return engine;
    },
    engineOf(role, modules) {
      const engine = createSyncEngine(optionsFor(role, modules));
      engines.push(engine);
      return engine;
    },
    openDb(role) {
      return openKakshaDb(tenantId, username(role), { modules: syncModules, dependencies });
    },
    async serverClasses() {
      return server.database.db
        .select({ id: classes.id, className: classes.className, classSection: classes.classSection, rev: classes.rev })
        .from(classes)
        .where(and(eq(classes.tenantId, tenantId), isNull(classes.deletedAt)));
    },
    async restartServer() {
      const base = configFromEnv({ DATA_DIR: '.tmp/test-data', STATIC_DIR: '' });
      const config = {
        ...base,
        rateLimits: { ...base.rateLimits, signInPerIp: 10_000, signInPerUserAddress: 10_000, signInPerUsername: 10_000, registerPerIp: 10_000 },
      };
      const app = await buildApp({ db: server.database.db, coordination: server.database, config, jwtSecret: testJwtSecret, logger: false });
      await app.ready();
      const previous = net.app;
      net.app = app;
      if (previous !== server.app) await previous.close();
    },
    async close() {
      for (const engine of engines) await engine.close();
      if (net.app !== server.app) await net.app.close();
    },
  };
  return harness;
}

/** What the server says a user may see: a full pull from an empty cursor, by `entity:id`. */
export async function serverView(harness: SyncHarness, role: RoleName): Promise<Map<string, unknown>> {
  const token = await harness.server.signIn(harness.tenantId, harness.username(role), fixturePassword);
  const view = new Map<string, unknown>();
  let cursor = '';
  for (let page = 0; page < 10_000; page += 1) {
    const query = new URLSearchParams({ cursor, limit: '1000' });
    const response = await harness.server.call({ method: 'GET', url: `${paths.sync.pull}?${query}`, tenant: harness.tenantId, token });
    if (response.statusCode !== 200) throw new Error(`pull failed: ${response.statusCode} ${response.body}`);
    const data = (response.json() as { data: PullResponse }).data;
    for (const change of data.changes) {
      const key = `${change.entity}:${change.id}`;
      if (change.op === 'delete') view.delete(key);
      else view.set(key, change.record);
    }
    cursor = data.cursor;
    if (!data.hasMore) return view;
  }
  throw new Error('pull does not end');
}

/** The device's mirror (the tables its store has), by `entity:id`, in the same shape. */
export async function mirrorView(db: KakshaDb): Promise<Map<string, unknown>> {
  const view = new Map<string, unknown>();
  for (const table of db.mirrorTables) {
    for (const row of await db.mirror(table).toArray()) view.set(`${table}:${String(row.id)}`, row);
  }
  return view;
}

/** Polls until the check passes (for background behaviour); fails with the last value seen. */
export async function waitFor<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!check(value)) {
    if (Date.now() - started > timeoutMs) throw new Error(`waitFor timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = await read();
  }
  return value;
}
