/** A session source for the sync binding's tests: sign in and out without the browser's storage. */
import type { Session } from '../../../src/session/session-rules';
import type { SessionSnapshot } from '../../../src/session/session-store';
import type { SessionSource } from '../../../src/sync-binding/engine-host';
import { liveTokenFor } from './helpers';

let signIns = 0;

export function fakeSessionSource() {
  let snapshot: SessionSnapshot = { session: null, profileError: false };
  const listeners = new Set<() => void>();
  const replaced: string[] = [];
  const source: SessionSource & { signIn(role: string, username: string, tenantId: string): void; signOut(): void; replaced: string[] } = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    token: () => snapshot.session?.token ?? null,
    replaceToken(token) {
      replaced.push(token);
      if (snapshot.session) snapshot = { ...snapshot, session: { ...snapshot.session, token } };
      for (const listener of listeners) listener();
    },
    signIn(role, username, tenantId) {
      signIns += 1;
      // Every sign-in gets a token of its own (a later expiry), as the server's would.
      const token = liveTokenFor(role, { sub: username, tenantId, expiresInSec: 3600 + signIns });
      const session = {
        token,
        username,
        tenantId,
        role: role.toLowerCase(),
        claims: { exp: Math.floor(Date.now() / 1000) + 3600, sub: username, tenantId, role: role.toLowerCase() },
        profile: { username },
      } as unknown as Session;
      snapshot = { ...snapshot, session };
      for (const listener of listeners) listener();
    },
    signOut() {
      snapshot = { ...snapshot, session: null };
      for (const listener of listeners) listener();
    },
    replaced,
  };
  return source;
}
