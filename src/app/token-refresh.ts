/**
 * Token renewal: when the app starts or regains focus and the stored token expires within two
 * days, POST /api/auth/refresh replaces it, so a user who is online now and then stays signed in.
 * A background call: no response never sends the user to /maintenance.
 */
import { paths } from '../../contract/paths';
import { isRecord } from '../session/profile';
import { sessionStore } from '../session/session-store';
import { shouldRefreshToken } from '../session/token';

/** Do not ask again within this time after a failed or finished attempt. */
export const refreshCooldownMs = 60_000;

let inFlight: Promise<void> | null = null;
let lastAttempt = Number.NEGATIVE_INFINITY;

export function refreshTokenIfNeeded(now: number = Date.now()): Promise<void> {
  if (inFlight) return inFlight;
  const session = sessionStore.current();
  if (!session || !shouldRefreshToken(session.token, now) || now - lastAttempt < refreshCooldownMs) {
    return Promise.resolve();
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  lastAttempt = now;
  const sentWith = session.token;
  // The client (ky) loads with the first page that talks to the server, not with the entry.
  inFlight = import('../api/client')
    .then(({ apiRequest }) => apiRequest('POST', paths.refresh, { background: true }))
    .then((response) => {
      const token = isRecord(response.data) ? response.data.jwtToken : undefined;
      // Only replace the token we renewed: the user may have signed out meanwhile.
      if (typeof token === 'string' && token && sessionStore.token() === sentWith) sessionStore.replaceToken(token);
    })
    .catch((error: unknown) => {
      console.warn('Token renewal failed', error);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
