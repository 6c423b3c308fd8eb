import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../src/api/api-error';
import { sendDeviceToken } from '../../../src/features/push/send-device-token';
import { memoryStore } from '../../../src/session/storage-keys';
import { tokenFor } from './helpers';

let posted: { url: string; body: unknown; auth: string | null }[];

function answer(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      posted.push({ url: request.url, body: JSON.parse(await request.text()), auth: request.headers.get('Authorization') });
      return new Response(JSON.stringify({ success: status < 300, message: 'm', data: null }), { status });
    }),
  );
}

function signedInStorage() {
  return memoryStore({ jwtToken: tokenFor('student'), username: 'student@kaksha.demo' });
}

beforeEach(() => {
  posted = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendDeviceToken (spec sections 4 and 8)', () => {
  it('posts username and token, and remembers the token on status 200', async () => {
    const storage = signedInStorage();
    localStorage.setItem('jwtToken', storage.getItem('jwtToken') ?? '');
    answer(200);
    await expect(sendDeviceToken('device-A', storage)).resolves.toBe('sent');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toMatch(/\/api\/updateFcmToken$/);
    expect(posted[0]?.body).toEqual({ username: 'student@kaksha.demo', fcmToken: 'device-A' });
    expect(posted[0]?.auth).toMatch(/^Bearer /);
    expect(storage.getItem('last_sent_fcm_token')).toBe('device-A');
  });

  it('does not send a token equal to the last one sent', async () => {
    const storage = signedInStorage();
    storage.setItem('last_sent_fcm_token', 'device-A');
    answer(200);
    await expect(sendDeviceToken('device-A', storage)).resolves.toBe('unchanged');
    expect(posted).toHaveLength(0);
  });

  it('sends a changed token', async () => {
    const storage = signedInStorage();
    storage.setItem('last_sent_fcm_token', 'device-A');
    answer(200);
    await expect(sendDeviceToken('device-B', storage)).resolves.toBe('sent');
    expect(storage.getItem('last_sent_fcm_token')).toBe('device-B');
  });

  it('does nothing without a stored username or token', async () => {
    answer(200);
    await expect(sendDeviceToken('device-A', memoryStore({ username: 'x@y.in' }))).resolves.toBe('signed-out');
    await expect(sendDeviceToken('device-A', memoryStore({ jwtToken: 't' }))).resolves.toBe('signed-out');
    expect(posted).toHaveLength(0);
  });

  it('does not remember a token answered with another 2xx status', async () => {
    const storage = signedInStorage();
    answer(201);
    await expect(sendDeviceToken('device-A', storage)).resolves.toBe('not-accepted');
    expect(storage.getItem('last_sent_fcm_token')).toBeNull();
  });

  it('only logs other failures', async () => {
    const storage = signedInStorage();
    answer(500);
    await expect(sendDeviceToken('device-A', storage)).resolves.toBe('failed');
    expect(console.error).toHaveBeenCalled();
    expect(storage.getItem('last_sent_fcm_token')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(sendDeviceToken('device-A', storage)).resolves.toBe('failed');
  });

  it.each([401, 403])('logs and rethrows %i (invalid session)', async (status) => {
    const storage = signedInStorage();
    answer(status);
    const error: unknown = await sendDeviceToken('device-A', storage).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(status);
    expect(console.error).toHaveBeenCalled();
    expect(storage.getItem('last_sent_fcm_token')).toBeNull();
  });
});
