/**
 * The one live session of this tab: the pure rules of session-rules.ts bound to the browser's
 * storage, with a snapshot React reads through useSyncExternalStore. Nothing here talks to the
 * network; the ky client reads the stored token and tenant on every request.
 */
import type { LoginProfile } from '../../contract/auth';
import {
  clearSession,
  readSession,
  saveLogin,
  startupCheck,
  type Session,
} from './session-rules';
import { localKeys, memoryStore, type KeyValueStore, type SessionStores } from './storage-keys';
import { readToken } from './token';

export interface SessionSnapshot {
  session: Session | null;
  /** Set when a sign-in succeeded but its profile could not be stored (Profile Load Error). */
  profileError: boolean;
}

function webStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  try {
    const storage = window[kind];
    const probe = '__kaksha_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStore();
  }
}

export function browserStores(): SessionStores {
  return { local: webStorage('localStorage'), session: webStorage('sessionStorage') };
}

export class SessionStore {
  private snapshot: SessionSnapshot = { session: null, profileError: false };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly stores: SessionStores,
    // Looked up on each call, not kept from when the store was made: a test may fix the clock later.
    private readonly now: () => number = () => Date.now(),
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(next: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Spec section 4, startup: logged in only when everything is stored and the token is valid. */
  start(): Session | null {
    const session = startupCheck(this.stores, this.now());
    this.set({ session });
    return session;
  }

  /**
   * The session when asked "is the user signed in?": an expired or undecodable token found now
   * ends the session silently (spec section 4).
   */
  current(): Session | null {
    const { session } = this.snapshot;
    if (!session) return null;
    const claims = readToken(session.token);
    if (!claims || claims.exp * 1000 <= this.now()) {
      this.end();
      return null;
    }
    return session;
  }

  login(login: { username: string; token: string; profile: LoginProfile }): Session | null {
    const result = saveLogin(this.stores, login, this.now());
    if (!result.ok) {
      this.set({ session: null, profileError: true });
      return null;
    }
    this.set({ session: result.session, profileError: false });
    return result.session;
  }

  /** Logout, expiry and a refused token all end the session the same way. */
  end(): void {
    clearSession(this.stores);
    if (this.snapshot.session !== null) this.set({ session: null });
  }

  /** Replaces the stored token after a renewal (same user, same school). */
  replaceToken(token: string): void {
    const session = this.snapshot.session;
    const claims = readToken(token);
    if (!session || !claims || (claims.sub && claims.sub !== session.username)) return;
    this.stores.local.setItem(localKeys.token, token);
    this.set({ session: { ...session, token, claims, role: claims.role ?? session.role } });
  }

  dismissProfileError(): void {
    this.set({ profileError: false });
  }

  /** Another tab signed in or out: follow what storage now says, without clearing anything. */
  syncFromStorage(): void {
    const state = readSession(this.stores, this.now());
    const session = state.kind === 'valid' ? state.session : null;
    if (session?.token !== this.snapshot.session?.token) this.set({ session });
  }

  /** The stored token, for the request headers. */
  token(): string | null {
    return this.stores.local.getItem(localKeys.token);
  }
}

export const sessionStore = new SessionStore(browserStores());
