/**
 * A tap on a push notification: the service worker tells an open window of the app which screen to
 * show (this message), and the page's router goes there (src/features/push/PushPrompt.tsx).
 */
export const openLinkMessage = 'kaksha:open-link';

/** An app path: one leading slash, no scheme or host, no backslash, whitespace or control characters. */
export function appPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f]/.test(value)) return undefined;
  return value;
}
