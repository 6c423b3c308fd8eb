/**
 * An in-memory Web Locks manager (exclusive mode, FIFO, abortable waits), shared by several engines
 * to stand for several tabs of one browser. `held` counts the callbacks running under each name.
 */
import type { LockManagerLike } from '../../sync/locks';

export interface FakeLocks extends LockManagerLike {
  /** Highest number of callbacks that ever ran at once under one name (must stay 1). */
  maxConcurrent: Map<string, number>;
}

export function createFakeLocks(): FakeLocks {
  const tails = new Map<string, Promise<void>>();
  const running = new Map<string, number>();
  const maxConcurrent = new Map<string, number>();

  return {
    maxConcurrent,
    async request<T>(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      tails.set(name, previous.then(() => mine));
      let aborted = false;
      const abort = new Promise<never>((_, reject) => {
        const onAbort = () => {
          aborted = true;
          reject(new DOMException('The lock request was aborted.', 'AbortError'));
        };
        if (options.signal?.aborted) onAbort();
        else options.signal?.addEventListener('abort', onAbort, { once: true });
      });
      try {
        await Promise.race([previous, abort]);
      } catch (error) {
        // Keep the queue order: our turn passes straight on once the previous holder is done.
        void previous.then(release);
        throw error;
      }
      if (aborted) {
        release();
        throw new DOMException('The lock request was aborted.', 'AbortError');
      }
      const count = (running.get(name) ?? 0) + 1;
      running.set(name, count);
      maxConcurrent.set(name, Math.max(maxConcurrent.get(name) ?? 0, count));
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        running.set(name, (running.get(name) ?? 1) - 1);
        release();
      }
    },
  };
}
