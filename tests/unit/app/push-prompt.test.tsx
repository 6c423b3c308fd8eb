/**
 * The push card and the page's side of phone push (src/features/push/PushPrompt.tsx) over a fake
 * push service and a fake server: no card and no question before sign-in or on load; the question
 * only from the "Allow notifications" tap; "Not now" is remembered for that user; with permission
 * granted the token goes to the school without a card; a message arriving while the app is open
 * becomes a toast and a sync; a tapped notification's screen opens.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../contract/paths';
import type { DeviceMessaging, ForegroundMessage } from '../../../src/features/push/device-messaging';
import PushPrompt, { promptDismissedKey } from '../../../src/features/push/PushPrompt';
import { pushTexts } from '../../../src/features/push/texts';
import type { Permission, PushPlatform } from '../../../src/features/push/token-flow';
import { openLinkMessage } from '../../../src/push-config/open-link';
import { sessionStore } from '../../../src/session/session-store';
import { button, click, renderRoutes, type Rendered } from './dom';
import { fakeServer, ok, signInStorage, until } from './records-harness';

const toasts = vi.hoisted(() => ({ shown: [] as { title: unknown; options: unknown }[], success: [] as unknown[], info: [] as unknown[] }));
vi.mock('sonner', () => ({
  toast: Object.assign((title: unknown, options: unknown) => toasts.shown.push({ title, options }), {
    success: (message: unknown) => toasts.success.push(message),
    info: (message: unknown) => toasts.info.push(message),
  }),
}));
const syncNow = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../src/sync-binding/hooks', () => ({ useSyncEngine: () => ({ syncNow }) }));

let view: Rendered | undefined;
let worker: EventTarget;

beforeEach(() => {
  toasts.shown.length = 0;
  toasts.success.length = 0;
  toasts.info.length = 0;
  syncNow.mockClear();
  worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  sessionStore.start();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  sessionStore.end();
  vi.unstubAllGlobals();
});

function fakePlatform(start: Permission, answer: Permission = 'granted') {
  let permission = start;
  let listener: ((message: ForegroundMessage) => void) | undefined;
  const calls = { asked: 0, opened: 0 };
  const messaging: DeviceMessaging = {
    token: async () => 'device-token-1',
    onForeground: (next) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
  };
  const platform: PushPlatform = {
    permission: () => permission,
    requestPermission: async () => {
      calls.asked += 1;
      permission = answer;
      return answer;
    },
    open: async () => {
      calls.opened += 1;
      return messaging;
    },
  };
  return { platform, calls, arrive: (message: ForegroundMessage) => act(async () => listener?.(message)), listening: () => listener !== undefined };
}

async function show(platform: PushPlatform) {
  view = await renderRoutes(
    [
      { path: '/admin', element: <PushPrompt platform={platform} /> },
      { path: '/student/attendance', element: <p>Attendance screen</p> },
    ],
    '/admin',
  );
  return view;
}

const card = () => view!.container.querySelector('aside.push-prompt');
const parent = () => signInStorage('PARENT', { username: 'parent@kaksha.demo' });

describe('the push card', () => {
  it('signed out: no card, and nothing asked or opened', async () => {
    const { platform, calls } = fakePlatform('default');
    await show(platform);
    expect(card()).toBeNull();
    expect(calls).toEqual({ asked: 0, opened: 0 });
  });

  it('signed in: the card asks nothing until the tap; Allow asks, sends the token and goes', async () => {
    parent();
    const server = fakeServer({ [`POST ${paths.updateFcmToken}`]: () => ok(null) });
    const { platform, calls, listening } = fakePlatform('default');
    await show(platform);
    expect(card()?.getAttribute('aria-label')).toBe(pushTexts.label);
    expect(card()?.textContent).toContain(pushTexts.prompt);
    expect(calls).toEqual({ asked: 0, opened: 0 });

    await click(button(view!.container, pushTexts.allow));
    await until(() => card() === null, 'the card gone');
    expect(calls).toEqual({ asked: 1, opened: 1 });
    const post = server.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe(paths.updateFcmToken);
    expect(JSON.parse(post.body)).toEqual({ username: 'parent@kaksha.demo', fcmToken: 'device-token-1' });
    expect(toasts.success).toEqual([pushTexts.enabled]);
    await until(() => listening(), 'the foreground listener');
  });

  it('Not now hides the card for this user on this device; a refusal is said once and the card goes', async () => {
    parent();
    const { platform } = fakePlatform('default', 'denied');
    await show(platform);
    await click(button(view!.container, pushTexts.notNow));
    expect(card()).toBeNull();
    expect(localStorage.getItem(promptDismissedKey)).toBe('parent@kaksha.demo');
    view!.unmount();
    await show(platform);
    expect(card()).toBeNull();

    localStorage.removeItem(promptDismissedKey);
    view!.unmount();
    await show(platform);
    await click(button(view!.container, pushTexts.allow));
    await until(() => card() === null, 'the card gone');
    expect(toasts.info).toEqual([pushTexts.denied]);
  });

  it('granted before: no card, the token is sent at sign-in; a message while open is a toast and a sync; its Open goes to the screen', async () => {
    parent();
    const server = fakeServer({ [`POST ${paths.updateFcmToken}`]: () => ok(null) });
    const { platform, calls, arrive, listening } = fakePlatform('granted');
    await show(platform);
    expect(card()).toBeNull();
    await until(() => listening(), 'the foreground listener');
    expect(calls.asked).toBe(0);
    expect(server.filter((call) => call.method === 'POST')).toHaveLength(1);

    await arrive({ title: 'Aarav is absent', body: 'Aarav was marked absent on 23/11/2026 in V A.', link: '/student/attendance' });
    expect(toasts.shown).toHaveLength(1);
    const { title, options } = toasts.shown[0]! as { title: string; options: { description: string; action: { label: string; onClick: () => void } } };
    expect(title).toBe('Aarav is absent');
    expect(options.description).toBe('Aarav was marked absent on 23/11/2026 in V A.');
    expect(syncNow).toHaveBeenCalledTimes(1);
    // A link that is not an app path gets no Open button.
    await arrive({ title: 'Notice', body: 'x', link: 'https://elsewhere.example/' });
    expect((toasts.shown[1]!.options as { action?: unknown }).action).toBeUndefined();
    expect(syncNow).toHaveBeenCalledTimes(2);

    expect(options.action.label).toBe(pushTexts.open);
    await act(async () => options.action.onClick());
    expect(view!.router.state.location.pathname).toBe('/student/attendance');
  });

  it('a tapped notification (the service worker’s message) opens its screen; other messages are ignored', async () => {
    const { platform } = fakePlatform('denied');
    await show(platform);
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'other', link: '/student/attendance' } }));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: openLinkMessage, link: '//evil.example/x' } }));
    });
    expect(view!.router.state.location.pathname).toBe('/admin');
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { type: openLinkMessage, link: '/student/attendance' } }));
    });
    expect(view!.router.state.location.pathname).toBe('/student/attendance');
  });
});
