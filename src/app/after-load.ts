/**
 * Work that must not compete with the first page's own files and paint (the service worker's
 * registration, the toaster, the rest of a language's catalogs, the sign-in prefetch): it runs once
 * the page has loaded and the browser is idle, within 3 s of the load.
 */
export function whenLoadedAndIdle(work: () => void): void {
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => work(), { timeout: 3000 }) : window.setTimeout(work, 500));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
