/**
 * The service worker's side of a tapped push notification (src/sw/notification-click.ts) and the
 * build's Firebase config (src/push-config): which notifications are ours and the screen each
 * opens (the message's data.link, written by the server), which window is sent there, and when a
 * new one opens.
 */
import { describe, expect, it, vi } from 'vitest';
import { firebaseWebConfig } from '../../src/push-config/firebase-config';
import { appPath, openLinkMessage } from '../../src/push-config/open-link';
import { pushSetupOf } from '../../src/features/push/push-setup';
import { linkOfNotification, openLink, type WindowLike } from '../../src/sw/notification-click';

const fcm = (message: unknown) => ({ FCM_MSG: message });

describe('linkOfNotification', () => {
  it('takes the data link the server sends, then fcmOptions, and only app paths', () => {
    expect(linkOfNotification(fcm({ data: { link: '/student/attendance', notificationId: 'n1' }, fcmOptions: { link: '/other' } }))).toBe('/student/attendance');
    expect(linkOfNotification(fcm({ fcmOptions: { link: '/student/notifications' } }))).toBe('/student/notifications');
    expect(linkOfNotification(fcm({ fcmOptions: { link: 'https://school.example/student/homework?x=1' } }))).toBe('/student/homework?x=1');
    expect(linkOfNotification(fcm({ data: { link: '//evil.example/x' } }))).toBe('/');
    expect(linkOfNotification(fcm({ data: { link: 'javascript:alert(1)' } }))).toBe('/');
    expect(linkOfNotification(fcm({ notification: { title: 'No link' } }))).toBe('/');
  });

  it('leaves notifications that are not Firebase messages to others', () => {
    expect(linkOfNotification(undefined)).toBeUndefined();
    expect(linkOfNotification({ link: '/x' })).toBeUndefined();
    expect(linkOfNotification({ FCM_MSG: 'text' })).toBeUndefined();
  });
});

function fakeWindow(url: string, state: { focused?: boolean; visibilityState?: string } = {}) {
  const posted: unknown[] = [];
  const window: WindowLike & { posted: unknown[]; focusCalls: number } = {
    url,
    ...state,
    posted,
    focusCalls: 0,
    focus: async () => {
      window.focusCalls += 1;
      return window;
    },
    postMessage: (message) => posted.push(message),
  };
  return window;
}

describe('openLink', () => {
  const origin = 'https://kaksha.example';

  it('sends the focused (else visible) window of the app there and focuses it', async () => {
    const hidden = fakeWindow(`${origin}/admin`, { visibilityState: 'hidden' });
    const visible = fakeWindow(`${origin}/student`, { visibilityState: 'visible' });
    const foreign = fakeWindow('https://other.example/', { focused: true });
    const openWindow = vi.fn(async () => null);
    await openLink({ matchAll: async () => [hidden, foreign, visible], openWindow }, origin, '/student/attendance');
    expect(visible.posted).toEqual([{ type: openLinkMessage, link: '/student/attendance' }]);
    expect(visible.focusCalls).toBe(1);
    expect(hidden.posted).toEqual([]);
    expect(foreign.posted).toEqual([]);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window on the screen when none of the app is open', async () => {
    const openWindow = vi.fn(async () => null);
    await openLink({ matchAll: async () => [fakeWindow('https://other.example/')], openWindow }, origin, '/student/notifications');
    expect(openWindow).toHaveBeenCalledWith('/student/notifications');
  });
});

describe('the build’s push config', () => {
  const config = JSON.stringify({ apiKey: 'k', projectId: 'kaksha-test', appId: '1:2:web:3', messagingSenderId: '2', authDomain: 'x' });

  it('needs the web app config JSON with its four keys and the VAPID key', () => {
    expect(firebaseWebConfig(config)).toMatchObject({ projectId: 'kaksha-test', messagingSenderId: '2' });
    expect(pushSetupOf(config, ' vapid-public-key ')).toMatchObject({ vapidKey: 'vapid-public-key', config: { appId: '1:2:web:3' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(pushSetupOf(config, '')).toBeUndefined();
    expect(pushSetupOf(undefined, 'v')).toBeUndefined();
    expect(firebaseWebConfig('{not json')).toBeUndefined();
    expect(firebaseWebConfig(JSON.stringify({ apiKey: 'k', projectId: 'p' }))).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('app paths only', () => {
    expect(appPath('/admin/notifications')).toBe('/admin/notifications');
    for (const bad of ['admin', '//host/x', '/a b', '/a\\b', 'https://x/y', 42, undefined]) expect(appPath(bad)).toBeUndefined();
  });
});
