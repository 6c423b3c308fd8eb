/**
 * Token renewal: when the app starts or regains focus and the stored token expires within two
 * days, POST /api/auth/refresh replaces it, so a user who is online now and then stays signed in.
 * A background call: no response never sends the user to /maintenance.
 */
import { paths } from '../../contract/paths';
import { adoptAccountLanguage } from '../i18n/account-language';
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
  // The client (ky) and the answer's schema load with the first page that talks to the server, not with the entry.
  inFlight = Promise.all([import('../api/client'), import('../../contract/auth')])
    .then(async ([{ apiRequest }, { refreshDataSchema }]) => refreshDataSchema.safeParse((await apiRequest('POST', paths.refresh, { background: true })).data))
    .then((answer) => {
      // Only replace the token we renewed: the user may have signed out meanwhile.
      if (answer.success && answer.data.jwtToken && sessionStore.token() === sentWith) {
        sessionStore.replaceToken(answer.data.jwtToken);
        // The account's language may have been changed on another device since this one signed in.
        void adoptAccountLanguage(answer.data.language);
      }
    })
    .catch((error: unknown) => {
      console.warn('Token renewal failed', error);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
