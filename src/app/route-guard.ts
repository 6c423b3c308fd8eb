/**
 * The route guard of spec section 2 as a pure decision: enter only when signed in with a token that
 * decodes and is unexpired and, where a role list is given, with one of those roles (lower-cased).
 * Anything else goes to /login, replacing the history entry.
 */
import type { RoleName } from '../../contract/roles';
import { readToken } from '../session/token';

export const loginPath = '/login';

export type AccessDecision =
  | { kind: 'allow' }
  /** `endSession`: the token was found expired or undecodable, so the session ends silently. */
  | { kind: 'redirect'; to: typeof loginPath; replace: true; endSession: boolean };

export function decideAccess(
  allowedRoles: readonly RoleName[] | undefined,
  session: { token: string } | null,
  nowMs: number,
): AccessDecision {
  if (!session) return { kind: 'redirect', to: loginPath, replace: true, endSession: false };
  const claims = readToken(session.token);
  if (!claims || claims.exp * 1000 <= nowMs) {
    return { kind: 'redirect', to: loginPath, replace: true, endSession: true };
  }
  if (allowedRoles && allowedRoles.length > 0) {
    const role = claims.role;
    if (!role || !allowedRoles.some((allowed) => allowed === role)) {
      return { kind: 'redirect', to: loginPath, replace: true, endSession: false };
    }
  }
  return { kind: 'allow' };
}
