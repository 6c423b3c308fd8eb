/**
 * "A message shows and after N ms the user goes on" (spec, Register and Login): sonner puts a toast
 * on screen in a timeout of its own, so the wait starts in the next one. On a busy phone the toast
 * can take a tenth of a second to render; the message still stays in view for the whole delay.
 * Returns a cancel for the page to call when it goes away first.
 */
export function afterToastShown(delayMs: number, then: () => void): () => void {
  let timer = window.setTimeout(() => {
    timer = window.setTimeout(then, delayMs);
  }, 0);
  return () => window.clearTimeout(timer);
}
