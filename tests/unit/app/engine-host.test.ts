/**
 * The app's sync binding (src/sync-binding/engine-host.ts): one engine per signed-in tenant and
 * user, another user never gets the first one's database, sign-out keeps the outbox, a renewed
 * token replaces the session's, staff ask for persistent storage, a new sign-in resumes a paused
 * sync. Real engines over fake-indexeddb, offline, so nothing is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectivity, createSyncEngine, openKakshaDb, syncModules, type SyncEngine, type SyncEngineOptions } from '../../../sync';
import type { Session } from '../../../src/session/session-rules';
import { createEngineHost, identityOf, type EngineHost } from '../../../src/sync-binding/engine-host';
import { makeToken } from './helpers';
import { fakeSessionSource } from './sync-session';
import { attendanceTable } from '../../../sync/modules/attendance';

const classId = '0197a000-0000-7000-8000-0000000000c1';
const studentId = '0197a000-0000-7000-8000-0000000000d1';
let counter = 0;

interface Harness {
  host: EngineHost;
  source: ReturnType<typeof fakeSessionSource>;
  created: { options: SyncEngineOptions; engine: SyncEngine }[];
  persist: ReturnType<typeof vi.fn>;
  fetch: ReturnType<typeof vi.fn>;
  tenantId: string;
  unbind: () => void;
}

let current: Harness | undefined;
afterEach(async () => {
  current?.unbind();
  await current?.host.settled();
  current = undefined;
});

function harness(): Harness {
  counter += 1;
  const created: Harness['created'] = [];
  const persist = vi.fn(async () => 'persisted' as const);
  const fetch = vi.fn();
  const host = createEngineHost({
    fetch: fetch as unknown as typeof globalThis.fetch,
    load: async () => ({
      createSyncEngine: (options: SyncEngineOptions) => {
        const engine = createSyncEngine(options);
        created.push({ options, engine });
        return engine;
      },
      syncModules,
      requestPersistentStorage: persist,
    }),
  });
  const source = fakeSessionSource();
  const unbind = host.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
  current = { host, source, created, persist, fetch, tenantId: `host-school-${counter}`, unbind };
  return current;
}

describe('engine host', () => {
  it('creates the engine of the signed-in user and closes it on sign-out, keeping the outbox', async () => {
    const h = harness();
    expect(h.host.current()).toBeNull();
    h.source.signIn('TEACHER', 'teacher@host.test', h.tenantId);
    await h.host.settled();
    const engine = h.host.current();
    expect(engine?.username).toBe('teacher@host.test');
    expect(engine?.tenantId).toBe(h.tenantId);
    expect(engine?.db.name).toBe(`kaksha:${h.tenantId}:teacher@host.test`);
    await engine!.mutate('attendance.markSheet', { classId, date: '2025-07-01', entries: [{ studentId, status: 'absent' }] });

    h.source.signOut();
    await h.host.settled();
    expect(h.host.current()).toBeNull();
    const db = openKakshaDb(h.tenantId, 'teacher@host.test', { modules: syncModules });
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('another user signing in gets their own database, never the first user’s changes', async () => {
    const h = harness();
    h.source.signIn('TEACHER', 'first@host.test', h.tenantId);
    await h.host.settled();
    await h.host.current()!.mutate('attendance.markSheet', { classId, date: '2025-07-02', entries: [{ studentId, status: 'late' }] });

    h.source.signIn('ADMIN', 'second@host.test', h.tenantId);
    await h.host.settled();
    const second = h.host.current()!;
    expect(second.username).toBe('second@host.test');
    expect(await second.db.outbox.count()).toBe(0);
    expect(await second.db.tableOf(attendanceTable).count()).toBe(0);
    expect(h.created).toHaveLength(2);
    // The first engine was closed before the second opened.
    expect(h.created[0]!.engine.db.isOpen()).toBe(false);
  });

  it('hands the engine the session token and renews it through /api/auth/refresh', async () => {
    const h = harness();
    h.source.signIn('TEACHER', 'renew@host.test', h.tenantId);
    await h.host.settled();
    const { options } = h.created[0]!;
    const identity = { tenantId: h.tenantId, username: 'renew@host.test' };
    expect(await options.getToken(identity)).toBe(h.source.token());

    const renewed = makeToken({ sub: 'renew@host.test', tenantId: h.tenantId, exp: Math.floor(Date.now() / 1000) + 7200 });
    h.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ success: true, message: 'ok', data: { jwtToken: renewed } }), { status: 200 }));
    expect(await options.renewToken(identity)).toBe(renewed);
    const [path, init] = h.fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/auth/refresh');
    expect((init.headers as Record<string, string>)['X-TenantID']).toBe(h.tenantId);
    expect(h.source.replaced).toEqual([renewed]);

    h.fetch.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    expect(await options.renewToken(identity)).toBeNull();
    // A 200 that is not the contract's answer (contract/auth.ts refreshDataSchema) renews nothing.
    h.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ success: true, message: 'ok', data: { jwtToken: 42 } }), { status: 200 }));
    expect(await options.renewToken(identity)).toBeNull();
    expect(h.source.replaced).toEqual([renewed]);
    h.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(options.renewToken(identity)).rejects.toThrow('Failed to fetch');
  });

  it('asks for persistent storage after a teacher or admin signs in, not for a student', async () => {
    const h = harness();
    h.source.signIn('STUDENT', 'pupil@host.test', h.tenantId);
    await h.host.settled();
    expect(h.persist).not.toHaveBeenCalled();
    h.source.signIn('TEACHER', 'staff@host.test', h.tenantId);
    await h.host.settled();
    await vi.waitFor(() => expect(h.persist).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(h.host.persistence()).toBe('persisted'));
  });

  it('resumes a sync paused for sign-in when the same user signs in again (new token)', async () => {
    const h = harness();
    h.source.signIn('TEACHER', 'paused@host.test', h.tenantId);
    await h.host.settled();
    const engine = h.host.current()!;
    await engine.syncNow();
    const syncNow = vi.spyOn(engine, 'syncNow');
    const seen: boolean[] = [];
    const subscription = engine.needsSignIn$.subscribe((paused) => seen.push(paused));
    await engine.db.meta.put({ key: 'needsSignIn', value: true });
    await vi.waitFor(() => expect(seen[seen.length - 1]).toBe(true));
    subscription.unsubscribe();

    h.source.signIn('TEACHER', 'paused@host.test', h.tenantId);
    await h.host.settled();
    expect(h.host.current()).toBe(engine);
    expect(syncNow).toHaveBeenCalledTimes(1);
  });

  it('names the engine after the token’s own subject and school', () => {
    const token = makeToken({ sub: 'claims@host.test', tenantId: 'from-token', uid: 'user-7', exp: 9999999999 });
    const session = {
      token,
      username: 'stored@host.test',
      tenantId: 'from-tab',
      role: 'teacher',
      claims: { exp: 9999999999, sub: 'claims@host.test', tenantId: 'from-token', role: 'teacher' },
      profile: {},
    } as unknown as Session;
    expect(identityOf(session)).toEqual({ tenantId: 'from-token', username: 'claims@host.test', userId: 'user-7', role: 'teacher' });
    expect(identityOf(null)).toBeNull();
  });
});
