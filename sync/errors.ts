/** The engine's typed errors: what a caller of `mutate()` can meet, each with a message to show. */
import { messages } from '../contract/messages';

/** The device has no room left: nothing of the change was written. */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super(messages.sync.storageFull, { cause });
    this.name = 'StorageFullError';
  }
}

/** `mutate()` was called with a kind the engine does not know (a programming error). */
export class UnknownMutationKindError extends Error {
  constructor(kind: string) {
    super(`Unknown mutation kind: ${kind}`);
    this.name = 'UnknownMutationKindError';
  }
}

/** True for IndexedDB's QuotaExceededError, however Dexie wrapped it. */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current !== 'object') return false;
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError') return true;
    current = inner;
  }
  return false;
}

/** True for Dexie's "table not part of transaction": a transaction narrower than the work it got. */
export function isOutOfScopeError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotFoundError';
}
