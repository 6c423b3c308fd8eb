/**
 * Reading the bearer token on the client. The token is decoded, never verified (the server is the
 * only authority); the client only needs its expiry, subject, role and tenant (spec sections 3, 5).
 */
import { decodeJwt } from 'jose';

export interface TokenInfo {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The username (an e-mail). */
  sub?: string;
  /** `role.roleName`, lower-cased (spec section 6). */
  role?: string;
  /** The school the token is bound to. */
  tenantId?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claims the app uses, or null when the token does not decode or has no numeric `exp`. */
export function readToken(token: string | null | undefined): TokenInfo | null {
  if (!token) return null;
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const { exp, sub, role, tenantId } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const roleName = isRecord(role) && typeof role.roleName === 'string' ? role.roleName.toLowerCase() : undefined;
  return {
    exp,
    sub: typeof sub === 'string' ? sub : undefined,
    role: roleName,
    tenantId: typeof tenantId === 'string' ? tenantId : undefined,
  };
}

/** Spec section 5: valid only if it decodes and `exp` is in the future. */
export function isTokenValid(token: string | null | undefined, nowMs: number): boolean {
  const info = readToken(token);
  return info !== null && info.exp * 1000 > nowMs;
}

/** Renew when the token is still valid but expires within this window. */
export const refreshWindowMs = 2 * 24 * 60 * 60 * 1000;

export function shouldRefreshToken(token: string | null | undefined, nowMs: number): boolean {
  const info = readToken(token);
  if (!info) return false;
  const expiresAt = info.exp * 1000;
  return expiresAt > nowMs && expiresAt - nowMs < refreshWindowMs;
}
