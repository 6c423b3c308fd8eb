import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshTokenIfNeeded } from '../../../src/app/token-refresh';
import { sessionStore } from '../../../src/session/session-store';
import { stubApi } from './dom';
import { liveTokenFor, studentEntry } from './helpers';

const day = 24 * 60 * 60;

function signIn(token: string) {
  sessionStorage.setItem('currentTenantId', 'greenvalley');
  localStorage.setItem('jwtToken', token);
  localStorage.setItem('username', 'student@kaksha.demo');
  localStorage.setItem('userProfile', JSON.stringify(studentEntry()));
  sessionStore.start();
}

let clock = Date.now();

beforeEach(() => {
  // Each test starts past the previous attempt's cool-down.
  clock += 10 * 60_000;
  sessionStore.start();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('token renewal', () => {
  it('replaces a token that expires within two days', async () => {
    signIn(liveTokenFor('STUDENT', { expiresInSec: day }));
    const renewed = liveTokenFor('STUDENT', { expiresInSec: 30 * day });
    const requests = stubApi({ '/api/auth/refresh': { status: 200, body: { success: true, message: 'Session renewed.', data: { jwtToken: renewed } } } });
    await refreshTokenIfNeeded(clock);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/refresh']);
    expect(localStorage.getItem('jwtToken')).toBe(renewed);
    expect(sessionStore.getSnapshot().session?.token).toBe(renewed);
  });

  it('keeps the old token when the answer is not as the contract says (contract/auth.ts refreshDataSchema)', async () => {
    const old = liveTokenFor('STUDENT', { expiresInSec: day });
    signIn(old);
    const requests = stubApi({ '/api/auth/refresh': { status: 200, body: { success: true, message: 'Session renewed.', data: { token: 'elsewhere' } } } });
    await refreshTokenIfNeeded(clock);
    expect(requests).toHaveLength(1);
    expect(localStorage.getItem('jwtToken')).toBe(old);
  });

  it('leaves a token with more than two days alone', async () => {
    signIn(liveTokenFor('STUDENT', { expiresInSec: 3 * day }));
    const requests = stubApi({});
    await refreshTokenIfNeeded(clock);
    expect(requests).toHaveLength(0);
  });

  it('keeps the old token when the server cannot be reached', async () => {
    const old = liveTokenFor('STUDENT', { expiresInSec: day });
    signIn(old);
    stubApi({});
    await refreshTokenIfNeeded(clock);
    expect(localStorage.getItem('jwtToken')).toBe(old);
  });

  it('does nothing when nobody is signed in', async () => {
    const requests = stubApi({});
    await refreshTokenIfNeeded(clock);
    expect(requests).toHaveLength(0);
  });
});
