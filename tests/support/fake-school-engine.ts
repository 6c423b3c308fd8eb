/**
 * The sync engine over a school played by the test's own fetch (the kept tallies' tests): fake
 * IndexedDB, no Web Locks, one outbox entry a push. Engines made in a test are closed after it.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { createConnectivity, createSyncEngine, type SyncEngine } from '../../sync';
import { syncModules } from '../../sync/modules';

export type SchoolFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Call at a test file's top level: `engineOver(fetch)` makes a signed-in user's engine over that fetch. */
export function enginesOverFetch(tenantId: string, username: string) {
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
  });
  return function engineOver(fetch: SchoolFetch, online = true) {
    const claims = Buffer.from(JSON.stringify({ sub: username, tenantId })).toString('base64url');
    const connectivity = createConnectivity({ online });
    const engine = createSyncEngine({
      modules: syncModules,
      tenantId,
      username,
      getToken: () => `e30.${claims}.signature`,
      renewToken: async () => null,
      fetch,
      locks: null,
      connectivity,
      pushBatch: { maxEntries: 1 },
      dexieDependencies: { indexedDB: new IDBFactory(), IDBKeyRange },
    });
    engines.push(engine);
    return { engine, connectivity };
  };
}

/** The school's answer: the envelope with `data`, or a refusal (status 400 and up) saying `refusal`. */
export function schoolAnswer(data: unknown, status: number, refusal: string): Response {
  return new Response(JSON.stringify({ success: status < 400, message: status < 400 ? 'ok' : refusal, data }), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A pull page's change that writes `record` of `entity`. */
export const upsertChange = <R extends { id: string; rev: number }>(entity: string, record: R) => ({ entity, id: record.id, rev: record.rev, op: 'upsert' as const, record });
