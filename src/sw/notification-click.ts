/**
 * A tap on a push notification opens the app on the notification's screen (docs/decisions.md
 * "Phone push on the device"). The server puts the screen in the message's data (`data.link`, an
 * app path); Firebase's worker code keeps the message under `FCM_MSG` in the notification's data.
 * An open window of the app is focused and told to go there (its router moves without a reload);
 * without one, a new window opens on the screen.
 */
import { appPath, openLinkMessage } from '../push-config/open-link';

/** The screen a notification opens: undefined when it is not one of ours (Firebase's or another's). */
export function linkOfNotification(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = (data as Record<string, unknown>).FCM_MSG;
  if (typeof message !== 'object' || message === null) return undefined;
  const { data: fields, fcmOptions } = message as { data?: Record<string, unknown>; fcmOptions?: { link?: unknown } };
  const link = fields?.link ?? fcmOptions?.link;
  if (typeof link === 'string' && /^https?:\/\//i.test(link)) {
    try {
      const url = new URL(link);
      return appPath(url.pathname + url.search + url.hash) ?? '/';
    } catch {
      return '/';
    }
  }
  return appPath(link) ?? '/';
}

export interface WindowLike {
  url: string;
  focused?: boolean;
  visibilityState?: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface ClientsLike<W extends WindowLike> {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly W[]>;
  openWindow(url: string): Promise<unknown>;
}

/** Focuses the app's window (the focused or visible one first) and sends it there, or opens one. */
export async function openLink<W extends WindowLike>(clients: ClientsLike<W>, origin: string, link: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((one) => {
    try {
      return new URL(one.url).origin === origin;
    } catch {
      return false;
    }
  });
  const rank = (one: W) => (one.focused ? 0 : one.visibilityState === 'visible' ? 1 : 2);
  const target = [...windows].sort((a, b) => rank(a) - rank(b))[0];
  if (!target) {
    await clients.openWindow(link);
    return;
  }
  target.postMessage({ type: openLinkMessage, link });
  await target.focus();
}
