/**
 * Fetches what the server listed for this page to prefetch (server/route-preloads.ts: what signing
 * in loads next, on the pages people sign in from) once the page has loaded and the browser is
 * idle, at the lowest priority. Nothing runs; the sign-in's import finds them in the HTTP cache.
 */
import { prefetchListId } from '../../contract/page-data';

function addPrefetchLinks(): void {
  const block = document.getElementById(prefetchListId);
  if (!block?.textContent) return;
  let files: unknown;
  try {
    files = JSON.parse(block.textContent);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** Runs `work` once the page has loaded and the browser is idle (within 3 s of the load). */
export function whenLoadedAndIdle(work: () => void): void {
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => work(), { timeout: 3000 }) : window.setTimeout(work, 500));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function prefetchAfterLoad(): void {
  whenLoadedAndIdle(addPrefetchLinks);
}
