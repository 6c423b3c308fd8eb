/**
 * One sync job at a time per user across every tab (docs/sync.md "Push"): a Web Lock named after the
 * tenant and user, held only for the length of one job (push then pull), so a tab that is closed
 * loses it at once and a tab about to be frozen gives it up (the engine aborts its job on `freeze`
 * and `pagehide`). Without Web Locks the engine falls back to one job at a time in its own tab;
 * Idempotency-Keys still keep a change from being applied twice if two tabs push together.
 */

/** The part of `navigator.locks` the engine uses. */
export interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export function pushLockName(tenantId: string, username: string): string {
  return `kaksha-push:${tenantId}:${username}`;
}

/** The browser's lock manager, or null where there is none (old Safari, some webviews). */
export function browserLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined') return null;
  const locks = (navigator as Navigator & { locks?: LockManagerLike }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Runs `job` holding the lock (or directly without a lock manager). Rejects with AbortError when aborted while waiting. */
export function withLock<T>(locks: LockManagerLike | null, name: string, signal: AbortSignal, job: () => Promise<T>): Promise<T> {
  if (!locks) return job();
  return locks.request(name, { signal }, () => job());
}
