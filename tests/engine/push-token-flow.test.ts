/**
 * The device's push token against the real server in-process (src/features/push/token-flow.ts,
 * src/api/device-token.ts): permission asked only through allowAndRegister, the token sent
 * with POST /api/updateFcmToken when it changed and stored by the school for the signed-in user,
 * and removed with POST /api/removeFcmToken at sign-out. The push service is a fake (Firebase's
 * token endpoints are not reachable here); everything after it is the app's real code.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceTokens } from '../../server/modules/notifications/tables';
import { paths } from '../../contract/paths';
import type { DeviceMessaging } from '../../src/features/push/device-messaging';
import { allowAndRegister, registerDevice, type Permission, type PushPlatform } from '../../src/features/push/token-flow';
import { removeDeviceToken } from '../../src/api/device-token';
import { localKeys } from '../../src/session/storage-keys';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let school: SchoolFixture;
let sent: { method: string; path: string; body: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchoolFixture(t.database.db, 'pushflow');
});
afterAll(async () => t?.close());

/** The app's requests go to the real server in-process. */
beforeEach(() => {
  sent = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.text();
    sent.push({ method: request.method, path: url.pathname, body: body ? JSON.parse(body) : undefined });
    const answer = await t.app.inject({
      method: request.method as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers.entries()),
      ...(body ? { payload: body } : {}),
    });
    return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signIn(role: 'parent' | 'teacher') {
  const username = school.accounts[role].username;
  localStorage.setItem(localKeys.token, await t.signIn('pushflow', username, fixturePassword));
  localStorage.setItem(localKeys.username, username);
  sessionStorage.setItem('currentTenantId', 'pushflow');
}

function fakePlatform(token: string, start: Permission = 'default', answer: Permission = 'granted') {
  let permission = start;
  const asked = { count: 0, opened: 0 };
  const messaging: DeviceMessaging = { token: async () => token, onForeground: () => () => undefined };
  const platform: PushPlatform = {
    permission: () => permission,
    requestPermission: async () => {
      asked.count += 1;
      permission = answer;
      return permission;
    },
    open: async () => {
      asked.opened += 1;
      return messaging;
    },
  };
  return { platform, asked };
}

const rowsOf = async (token: string) => t.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, token));

describe('the device token flow', () => {
  it('asks on the tap, sends the token once, and the school keeps it for the signed-in user', async () => {
    await signIn('parent');
    const { platform, asked } = fakePlatform('device-parent-1');
    const first = await allowAndRegister(platform);
    expect(asked.count).toBe(1);
    expect(first).toMatchObject({ permission: 'granted', outcome: { kind: 'registered', sent: 'sent' } });
    expect(sent).toEqual([{ method: 'POST', path: paths.updateFcmToken, body: { username: 'parent@example.in', fcmToken: 'device-parent-1' } }]);
    expect(await rowsOf('device-parent-1')).toMatchObject([{ tenantId: 'pushflow', userId: school.accounts.parent.id }]);
    expect(localStorage.getItem(localKeys.lastSentPushToken)).toBe('device-parent-1');

    // The next sign-in's check: granted already, same token: nothing asked, nothing sent.
    const again = await registerDevice(platform);
    expect(again).toMatchObject({ kind: 'registered', sent: 'unchanged' });
    expect(asked.count).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('a refused permission opens no push service and sends nothing', async () => {
    await signIn('parent');
    const { platform, asked } = fakePlatform('device-parent-2', 'default', 'denied');
    expect(await allowAndRegister(platform)).toEqual({ permission: 'denied' });
    expect(asked.opened).toBe(0);
    expect(sent).toEqual([]);
    expect(await rowsOf('device-parent-2')).toEqual([]);
  });

  it('a push service that gives no token sends nothing', async () => {
    await signIn('parent');
    const platform: PushPlatform = {
      permission: () => 'granted',
      requestPermission: async () => 'granted',
      open: async () => ({
        token: async () => {
          throw new Error('messaging/token-subscribe-failed');
        },
        onForeground: () => () => undefined,
      }),
    };
    expect(await registerDevice(platform)).toMatchObject({ kind: 'no-token' });
    expect(sent).toEqual([]);
  });

  it('sign-out removes this device’s token at the school, with the session still valid', async () => {
    await signIn('teacher');
    await registerDevice(fakePlatform('device-teacher-1', 'granted').platform);
    expect(await rowsOf('device-teacher-1')).toHaveLength(1);
    expect(await removeDeviceToken()).toBe('removed');
    expect(sent.at(-1)).toEqual({ method: 'POST', path: paths.removeFcmToken, body: { fcmToken: 'device-teacher-1' } });
    expect(await rowsOf('device-teacher-1')).toEqual([]);
    expect(localStorage.getItem(localKeys.lastSentPushToken)).toBeNull();
    // Nothing sent from this device: nothing to remove.
    expect(await removeDeviceToken()).toBe('none');
    expect(sent.filter((one) => one.path === paths.removeFcmToken)).toHaveLength(1);
  });

  it('the same phone signed in by another user moves to them; the first user’s sign-out before that removes only their own', async () => {
    await signIn('parent');
    await registerDevice(fakePlatform('shared-phone', 'granted').platform);
    // The teacher signs in on the same phone (the parent's last-sent token was cleared at sign-out).
    localStorage.removeItem(localKeys.lastSentPushToken);
    await signIn('teacher');
    await registerDevice(fakePlatform('shared-phone', 'granted').platform);
    expect(await rowsOf('shared-phone')).toMatchObject([{ userId: school.accounts.teacher.id }]);
    // A stale removal by the parent's session leaves the teacher's registration alone.
    await signIn('parent');
    localStorage.setItem(localKeys.lastSentPushToken, 'shared-phone');
    expect(await removeDeviceToken()).toBe('removed');
    expect(await rowsOf('shared-phone')).toMatchObject([{ userId: school.accounts.teacher.id }]);
  });

  it('offline at sign-out: says it failed, never throws', async () => {
    await signIn('parent');
    localStorage.setItem(localKeys.lastSentPushToken, 'device-offline');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await removeDeviceToken()).toBe('failed');
  });
});
