/**
 * Lets tasks already queued (a screen rendering, a live query starting its read) run before the
 * sync job opens its next transaction. A job's transactions cover the mirror's tables, so a
 * screen's read waits for the one in progress; without a turn in between, back-to-back pages or
 * push answers kept the first marking sheet waiting for most of a first pull (docs/sync-engine.md
 * "Pull"). A timer, not a microtask or `scheduler.yield()`: those run ahead of queued tasks. A
 * hidden page has no screen to give a turn to, and browsers hold its timers to one a second.
 */
export function yieldToScreens(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => globalThis.setTimeout(resolve, 0));
}
