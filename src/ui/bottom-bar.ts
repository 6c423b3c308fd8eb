/**
 * A page's main action kept at the bottom of the screen (fixed or sticky) says how tall it is in
 * `--bottom-bar-height` on the root element, so the app's floating cards (the install and update
 * prompts) stand above it instead of over the button a user came for.
 */
const property = '--bottom-bar-height';

/** A ref callback for the bar: its height published while it is on screen, removed with it. */
export function bottomBarRef(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty(property, `${bar.offsetHeight}px`));
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.removeProperty(property);
  };
}
