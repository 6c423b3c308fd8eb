/**
 * Fetches what the server listed for this page to prefetch (server/route-preloads.ts: what signing
 * in loads next, on the pages people sign in from) once the page has loaded and the browser is
 * idle, at the lowest priority. Nothing runs; the sign-in's import finds them in the HTTP cache.
 */
import { prefetchListId } from '../../contract/page-data';
import { whenLoadedAndIdle } from './after-load';

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

export function prefetchAfterLoad(): void {
  whenLoadedAndIdle(addPrefetchLinks);
}
