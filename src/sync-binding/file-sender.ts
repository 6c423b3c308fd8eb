/**
 * Sends the signed-in user's waiting files whatever screen is open: started by the engine host
 * with each engine, it runs when it starts, whenever the connection comes back, after every
 * completed sync (a record that just reached the school makes its files sendable) and when a
 * screen has queued files. One run at a time in this tab, and one across the user's tabs (a Web
 * Lock); the Idempotency-Key keeps a file stored once even if two runs met. Loaded with the engine.
 */
import { liveQuery } from 'dexie';
import { filter, skip, Subscription } from 'rxjs';
import type { SyncEngine } from '../../sync';
import { browserLocks, withLock, type LockManagerLike } from '../../sync/locks';
import { fileQueueName, fileQueueOf, sendQueuedFiles, type QueuedFile, type SendDependencies, type SendResult } from './file-queue';

export interface FileSummary {
  /** Files waiting to be sent. */
  waiting: number;
  /** Files the school refused, oldest first, until dismissed. */
  refused: QueuedFile[];
}

export interface FileSenderOptions extends SendDependencies {
  /** Web Locks; null without (tests). Default: navigator.locks. */
  locks?: LockManagerLike | null;
  /** Files refused in a run (the shell tells the user). */
  onRefused?: (files: QueuedFile[]) => void;
  /** The queue's contents changed. */
  onSummary?: (summary: FileSummary) => void;
}

export interface FileSender {
  /** Sends now (or once more after the run in progress); null when offline or stopped. */
  run(): Promise<SendResult | null>;
  stop(): void;
}

const senders = new Map<SyncEngine, FileSender>();

/** The sender of an engine, if the host started one (a screen that just queued files calls `run`). */
export function fileSenderOf(engine: SyncEngine): FileSender | undefined {
  return senders.get(engine);
}

export function startFileSender(engine: SyncEngine, options: FileSenderOptions): FileSender {
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const lockName = `kaksha-files:${fileQueueName(engine)}`;
  const subscriptions = new Subscription();
  const abort = new AbortController();
  let online = true;
  let stopped = false;
  let running: Promise<SendResult | null> | null = null;
  let again = false;

  async function once(): Promise<SendResult | null> {
    if (stopped || !online) return null;
    const result = await withLock(locks, lockName, abort.signal, () => sendQueuedFiles(engine, options));
    if (result.refused.length > 0) options.onRefused?.(result.refused);
    // The record now lists its new files: fetch it.
    if (result.sent > 0 && !stopped) void engine.syncNow().catch(() => undefined);
    return result;
  }

  async function loop(): Promise<SendResult | null> {
    let last: SendResult | null = null;
    do {
      again = false;
      try {
        last = await once();
      } catch {
        // A closed database (sign-out meanwhile) or an aborted lock: the next trigger tries again.
        last = null;
      }
    } while (again && !stopped);
    running = null;
    return last;
  }

  const sender: FileSender = {
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = loop();
      return running;
    },
    stop() {
      stopped = true;
      abort.abort();
      subscriptions.unsubscribe();
      if (senders.get(engine) === sender) senders.delete(engine);
    },
  };

  subscriptions.add(
    engine.online$.subscribe((value) => {
      online = value;
    }),
  );
  subscriptions.add(engine.online$.pipe(skip(1), filter(Boolean)).subscribe(() => void sender.run()));
  // Its first value (at start) is the first run.
  subscriptions.add(engine.lastSyncAt$.subscribe(() => void sender.run()));
  if (options.onSummary) {
    const queue = fileQueueOf(engine);
    const onSummary = options.onSummary;
    subscriptions.add(
      liveQuery(() => queue.files.orderBy('queuedAt').toArray()).subscribe({
        next: (files) => onSummary({ waiting: files.filter((file) => !file.refused).length, refused: files.filter((file) => file.refused) }),
        error: () => undefined,
      }),
    );
  }
  senders.set(engine, sender);
  return sender;
}
