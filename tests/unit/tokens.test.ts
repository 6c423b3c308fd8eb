import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../server/tokens';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const subject = { userId: 'u-1', username: 'teacher@school.in', role: 'teacher' as const, tenantId: 'greenvalley', tokenVersion: 3 };

describe('TokenService.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token checked before, and nothing for any change to it', async () => {
    const tokens = new TokenService(secret, 3600);
    const token = await tokens.sign(subject);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 'u-1', username: 'teacher@school.in', tenantId: 'greenvalley', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual(first);
    const [head, body, signature] = token.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await tokens.verify(`${head}.${body}.${flipped}`)).toBeUndefined();
    expect(await new TokenService(`${secret}-other`, 3600).verify(token)).toBeUndefined();
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T03:30:00Z'));
    const tokens = new TokenService(secret, 60);
    const token = await tokens.sign(subject);
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-23T03:30:59Z'));
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-23T03:31:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
