/**
 * The operator's session (docs/operators.md): kept in this tab's session storage only, apart from
 * any school sign-in, so closing the tab ends it and a school's session never carries it.
 */
import type { OperatorSession } from '../../../contract/operator';

const key = 'kaksha_operator_session';

export function loadOperatorSession(now = Date.now()): OperatorSession | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const session = value as Partial<OperatorSession>;
    if (typeof session.jwtToken !== 'string' || typeof session.username !== 'string' || typeof session.expiresAt !== 'number') {
      return null;
    }
    if (session.expiresAt * 1000 <= now) {
      window.sessionStorage.removeItem(key);
      return null;
    }
    return session as OperatorSession;
  } catch {
    return null;
  }
}

export function saveOperatorSession(session: OperatorSession | null): void {
  try {
    if (session) window.sessionStorage.setItem(key, JSON.stringify(session));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: the session lasts as long as the page.
  }
}
