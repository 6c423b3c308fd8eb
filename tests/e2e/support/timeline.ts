/**
 * In-page timing for end-to-end tests, on the page's own clock (performance.now()), so delays such
 * as "go to /login 1000 ms after registering" are measured without the test runner's latency:
 * - every history.pushState / replaceState / popstate with its address,
 * - the first moment each watched text appears in the document,
 * - when a request's response ended (resource timing).
 * Install before the page is loaded; it applies to every document the page loads afterwards.
 */
import type { Page } from 'playwright-core';

export type TimelineEntry =
  | { kind: 'pushState' | 'replaceState' | 'popstate'; url: string; t: number }
  | { kind: 'text'; text: string; t: number };

interface TimelineWindow {
  __e2eTimeline?: TimelineEntry[];
}

export async function installTimeline(page: Page, watchTexts: readonly string[] = []): Promise<void> {
  await page.addInitScript((texts: readonly string[]) => {
    const log: TimelineEntry[] = [];
    (window as TimelineWindow).__e2eTimeline = log;
    for (const kind of ['pushState', 'replaceState'] as const) {
      const original = history[kind].bind(history);
      history[kind] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        log.push({ kind, url: location.href, t: performance.now() });
      };
    }
    window.addEventListener('popstate', () => log.push({ kind: 'popstate', url: location.href, t: performance.now() }));
    const pending = new Set(texts);
    const check = () => {
      if (pending.size === 0) return;
      const content = document.body?.textContent ?? '';
      for (const text of pending) {
        if (content.includes(text)) {
          log.push({ kind: 'text', text, t: performance.now() });
          pending.delete(text);
        }
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, watchTexts);
}

/** What the current document has recorded so far. */
export async function readTimeline(page: Page): Promise<TimelineEntry[]> {
  return page.evaluate(() => (window as TimelineWindow).__e2eTimeline ?? []);
}

/** When the last response to a request whose path ends with `path` finished, in page time. */
export async function responseEndOf(page: Page, path: string): Promise<number> {
  const ends = await page.evaluate(
    (suffix) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith(suffix))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    path,
  );
  const last = ends.at(-1);
  if (last === undefined) throw new Error(`no request to ${path} in this document`);
  return last;
}

export type NavigationEntry = Extract<TimelineEntry, { url: string }>;

/** The history changes recorded, optionally only those to a path and at or after a time. */
export function navigations(entries: readonly TimelineEntry[], path?: string, since = Number.NEGATIVE_INFINITY): NavigationEntry[] {
  return entries.filter(
    (entry): entry is NavigationEntry =>
      entry.kind !== 'text' && entry.t >= since && (path === undefined || new URL(entry.url).pathname === path),
  );
}

/** The first history change to this path (at or after `since`, in page time). */
export function firstNavigationTo(entries: readonly TimelineEntry[], path: string, since?: number): NavigationEntry {
  const found = navigations(entries, path, since)[0];
  if (!found) throw new Error(`no navigation to ${path}: ${JSON.stringify(entries)}`);
  return found;
}

export function textSeenAt(entries: readonly TimelineEntry[], text: string): number {
  const found = entries.find((entry) => entry.kind === 'text' && entry.text === text);
  if (!found) throw new Error(`text never appeared: ${text}`);
  return found.t;
}
