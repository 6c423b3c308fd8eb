/**
 * The harness the school-records screen tests share: the app's stored sign-in, a real engine over
 * fake-indexeddb bound to a fake session (offline unless told), a fake school server on fetch,
 * waiting for the screen, and cleaning all of it up after each test.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { createConnectivity, type SyncEngine, type SyncEngineOptions } from '../../../sync';
import { metaKeys } from '../../../sync/db';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import type { Rendered } from './dom';
import { liveTokenFor, teacherEntry } from './helpers';
import { fakeSessionSource } from './sync-session';

export { until } from './dom';

export interface StoredSignIn {
  /** userProfile as stored at login; a teacher's profile entry with this username by default. */
  profile?: object;
  username?: string;
  tenantId?: string;
  schoolName?: string;
}

/** Signs in the way the screens read it (token, username, profile, current school), then starts the session. */
export function signInStorage(role: string, { profile, username = `${role.toLowerCase()}@kaksha.demo`, tenantId = 'greenvalley', schoolName }: StoredSignIn = {}): void {
  sessionStorage.setItem('currentTenantId', tenantId);
  if (schoolName) sessionStorage.setItem('currentSchoolName', schoolName);
  localStorage.setItem('jwtToken', liveTokenFor(role, { sub: username, tenantId }));
  localStorage.setItem('username', username);
  localStorage.setItem('userProfile', JSON.stringify(profile ?? teacherEntry({ username, userType: role === 'TEACHER' ? 'TEACHER' : 'ADMIN' })));
  sessionStore.start();
}

export interface Call {
  method: string;
  url: URL;
  body: string;
}
export type Reply = { status: number; body: unknown };

export const ok = (data: unknown, message = 'OK'): Reply => ({ status: 200, body: { success: true, message, data } });

/** Answers fetch from `routes` keyed "METHOD /path" (404 otherwise) and records every call. */
export function fakeServer(routes: Record<string, (call: Call) => Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const call = { method: request.method, url: new URL(request.url), body: await request.text() };
      calls.push(call);
      const route = routes[`${request.method} ${call.url.pathname}`];
      const reply = route ? route(call) : { status: 404, body: { success: false, message: 'Not found', data: null } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export interface EngineSignIn {
  /** Also sign the screens in as this engine's user and school (profile defaults as in signInStorage). */
  storage?: Omit<StoredSignIn, 'username' | 'tenantId'> & { profile?: object | ((username: string) => object) };
  engine?: Partial<SyncEngineOptions>;
  /**
   * The tests fill the mirror by hand, standing for what a pull brought: by default the store says
   * a pull has completed, so the screens do not wait for a first sync (src/kit/WaitForFirstSync.tsx).
   * False: the device's first sync has not completed.
   */
  arrived?: boolean;
}

/** Marks an engine's store as a completed pull leaves it: the school's records have arrived. */
export async function markArrived(engine: SyncEngine): Promise<void> {
  await engine.db.meta.put({ key: metaKeys.lastSyncAt, value: Date.now() });
}

/**
 * Registers the per-test session start and cleanup, and gives each test its own engine user and
 * school (`<name>-<n>@kaksha.test`, `<name>-school-<n>`) so mirrors never mix.
 */
export function screenHarness(name: string) {
  let counter = 0;
  let unbind: (() => void) | undefined;
  const views: Rendered[] = [];

  beforeEach(() => {
    sessionStore.start();
  });

  const close = async () => {
    for (const view of views.splice(0)) view.unmount();
    unbind?.();
    unbind = undefined;
    await engineHost.settled();
  };

  afterEach(async () => {
    await close();
    sessionStore.end();
    vi.unstubAllGlobals();
  });

  return {
    /** Unmounts the screens and stops the engine, as a reload would, before signing in again. */
    close,
    /** A signed-in engine, offline unless `engine.connectivity` says otherwise. */
    async engine(role = 'ADMIN', { storage, engine: options = {}, arrived = true }: EngineSignIn = {}): Promise<SyncEngine> {
      counter += 1;
      const username = `${name}-${counter}@kaksha.test`;
      const tenantId = `${name}-school-${counter}`;
      if (storage) {
        const profile = typeof storage.profile === 'function' ? storage.profile(username) : storage.profile;
        signInStorage(role, { ...storage, profile, username, tenantId });
      }
      const source = fakeSessionSource();
      unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null, ...options });
      source.signIn(role, username, tenantId);
      await engineHost.settled();
      const engine = engineHost.current()!;
      if (arrived) await markArrived(engine);
      return engine;
    },
    /** Keeps a rendered screen for the cleanup after the test. */
    async show(rendering: Promise<Rendered>): Promise<Rendered> {
      const view = await rendering;
      views.push(view);
      return view;
    },
  };
}
