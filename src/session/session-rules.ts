/**
 * The session rules of spec section 4 as pure functions over two key-value stores, so they can be
 * unit-tested without a browser. `session-store.ts` binds them to localStorage/sessionStorage.
 */
import type { LoginProfile } from '../../contract/auth';
import { isProfileData, storedProfileOf, type ProfileData } from './profile';
import { localKeys, sessionKeys, type SessionStores } from './storage-keys';
import { readToken, type TokenInfo } from './token';

export interface Session {
  token: string;
  username: string;
  profile: ProfileData;
  tenantId: string;
  /** Lower-cased `role.roleName` of the token, when it has one. */
  role: string | undefined;
  claims: TokenInfo;
}

export type StoredProfileResult =
  | { kind: 'missing' }
  | { kind: 'unreadable' }
  | { kind: 'ok'; profile: ProfileData };

export function readStoredProfile(stores: SessionStores): StoredProfileResult {
  const raw = stores.local.getItem(localKeys.profile);
  if (!raw) return { kind: 'missing' };
  try {
    const parsed: unknown = JSON.parse(raw);
    return isProfileData(parsed) ? { kind: 'ok', profile: parsed } : { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
}

export type SessionState =
  | { kind: 'none' }
  /** Something is stored but not all four parts, or the token is expired or undecodable. */
  | { kind: 'invalid'; expired: boolean }
  | { kind: 'valid'; session: Session };

/** Logged in only with token, username, profile and tenant id all present and the token valid. */
export function readSession(stores: SessionStores, nowMs: number): SessionState {
  const token = stores.local.getItem(localKeys.token);
  const username = stores.local.getItem(localKeys.username);
  const tenantId = stores.session.getItem(sessionKeys.tenantId);
  const profile = readStoredProfile(stores);
  if (!token && !username && profile.kind === 'missing') return { kind: 'none' };
  if (!token || !username || !tenantId || profile.kind !== 'ok') return { kind: 'invalid', expired: false };
  const claims = readToken(token);
  if (!claims || claims.exp * 1000 <= nowMs) return { kind: 'invalid', expired: true };
  return { kind: 'valid', session: { token, username, profile: profile.profile, tenantId, role: claims.role, claims } };
}

/** Removes what identifies the signed-in user (token, username, profile, last sent push token). */
export function clearCredentials(stores: SessionStores): void {
  for (const key of [localKeys.token, localKeys.username, localKeys.profile, localKeys.lastSentPushToken]) {
    stores.local.removeItem(key);
  }
}

/**
 * Spec section 4, logout and expiry: clears token, username, profile, last sent push token and the
 * current tenant id (and the school name that goes with it).
 */
export function clearSession(stores: SessionStores): void {
  clearCredentials(stores);
  stores.session.removeItem(sessionKeys.tenantId);
  stores.session.removeItem(sessionKeys.schoolName);
}

/**
 * Startup check (spec section 4). The tab's tenant id lives in sessionStorage, which a new tab or a
 * relaunched PWA starts without; the token names the one school it is valid for, so the tenant is
 * taken from it first (never replacing a tenant this tab already chose). Then the user is logged
 * in only if all four parts are present and the token is valid; otherwise the stored credentials
 * are cleared (the school chosen in this tab is kept, so reloading /login keeps its school).
 */
export function startupCheck(stores: SessionStores, nowMs: number): Session | null {
  const claims = readToken(stores.local.getItem(localKeys.token));
  if (claims?.tenantId && claims.exp * 1000 > nowMs && !stores.session.getItem(sessionKeys.tenantId)) {
    stores.session.setItem(sessionKeys.tenantId, claims.tenantId);
    const stored = readStoredProfile(stores);
    if (stored.kind === 'ok' && stored.profile.schoolName && !stores.session.getItem(sessionKeys.schoolName)) {
      stores.session.setItem(sessionKeys.schoolName, stored.profile.schoolName);
    }
  }
  const state = readSession(stores, nowMs);
  if (state.kind === 'valid') return state.session;
  if (state.kind === 'invalid') clearCredentials(stores);
  return null;
}

export type SaveLoginResult = { ok: true; session: Session } | { ok: false };

/**
 * Stores a successful sign-in: token, username, and the selected profile entry (with a parent's own
 * name and children, profile.ts storedProfileOf). When the profile
 * cannot be stored and read back, everything is cleared again and the caller shows the Profile Load
 * Error dialog (spec sections 4 and 8).
 */
export function saveLogin(
  stores: SessionStores,
  login: { username: string; token: string; profile: LoginProfile },
  nowMs: number,
): SaveLoginResult {
  const entry = storedProfileOf(login.profile);
  const username = readToken(login.token)?.sub || login.username;
  if (!entry) return { ok: false };
  try {
    stores.local.setItem(localKeys.token, login.token);
    stores.local.setItem(localKeys.username, username);
    stores.local.setItem(localKeys.profile, JSON.stringify(entry));
  } catch {
    clearCredentials(stores);
    return { ok: false };
  }
  const state = readSession(stores, nowMs);
  if (state.kind !== 'valid') {
    clearCredentials(stores);
    return { ok: false };
  }
  return { ok: true, session: state.session };
}

/** The chosen school of this tab (spec section 2, /school-selection). */
export function chooseSchool(stores: SessionStores, tenantId: string, schoolName: string): void {
  if (!tenantId) {
    stores.session.removeItem(sessionKeys.tenantId);
    stores.session.removeItem(sessionKeys.schoolName);
    return;
  }
  stores.session.setItem(sessionKeys.tenantId, tenantId);
  stores.session.setItem(sessionKeys.schoolName, schoolName);
}

export function currentSchool(stores: SessionStores): { tenantId: string; schoolName: string | null } | null {
  const tenantId = stores.session.getItem(sessionKeys.tenantId);
  if (!tenantId) return null;
  return { tenantId, schoolName: stores.session.getItem(sessionKeys.schoolName) };
}
