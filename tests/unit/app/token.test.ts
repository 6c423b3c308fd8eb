import { describe, expect, it } from 'vitest';
import { isTokenValid, readToken, refreshWindowMs, shouldRefreshToken } from '../../../src/session/token';
import { makeToken, nowMs, nowSec, tokenFor } from './helpers';

describe('readToken', () => {
  it('decodes exp, sub, the lower-cased role name and the tenant', () => {
    expect(readToken(tokenFor('ADMIN', { sub: 'a@b.in', tenantId: 'riverside' }))).toEqual({
      exp: nowSec + 3600,
      sub: 'a@b.in',
      role: 'admin',
      tenantId: 'riverside',
    });
  });

  it('returns null for missing, malformed or exp-less tokens', () => {
    expect(readToken(null)).toBeNull();
    expect(readToken('')).toBeNull();
    expect(readToken('not-a-jwt')).toBeNull();
    expect(readToken('a.b.c')).toBeNull();
    expect(readToken(makeToken({ sub: 'x' }))).toBeNull();
    expect(readToken(makeToken({ exp: 'soon' }))).toBeNull();
  });

  it('keeps a token without a role readable (role undefined)', () => {
    expect(readToken(makeToken({ exp: nowSec + 10 }))?.role).toBeUndefined();
  });
});

describe('isTokenValid (spec section 5)', () => {
  it('is valid only while exp is in the future', () => {
    expect(isTokenValid(tokenFor('teacher', { expiresInSec: 1 }), nowMs)).toBe(true);
    expect(isTokenValid(tokenFor('teacher', { expiresInSec: 0 }), nowMs)).toBe(false);
    expect(isTokenValid(tokenFor('teacher', { expiresInSec: -60 }), nowMs)).toBe(false);
  });

  it('is invalid when the token does not decode', () => {
    expect(isTokenValid('garbage', nowMs)).toBe(false);
    expect(isTokenValid(undefined, nowMs)).toBe(false);
  });
});

describe('shouldRefreshToken', () => {
  it('renews a valid token expiring within two days, not one with more time left', () => {
    const twoDaysSec = refreshWindowMs / 1000;
    expect(shouldRefreshToken(tokenFor('student', { expiresInSec: twoDaysSec - 60 }), nowMs)).toBe(true);
    expect(shouldRefreshToken(tokenFor('student', { expiresInSec: twoDaysSec + 60 }), nowMs)).toBe(false);
  });

  it('never renews an expired or undecodable token', () => {
    expect(shouldRefreshToken(tokenFor('student', { expiresInSec: -1 }), nowMs)).toBe(false);
    expect(shouldRefreshToken('x.y.z', nowMs)).toBe(false);
  });
});
