/**
 * Sends the waiting homework files whenever the engine has synced while online (a create that
 * just reached the school makes its files sendable), one run at a time; refusals are toasted
 * with the school's message.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { SyncEngine } from '../../../sync';
import { useSyncEngine, useSyncState } from '../../sync-binding/hooks';
import { queuedFilesOf, sendQueuedFiles } from './attachments';
import { homeworkTexts as text } from './texts';

let running: Promise<unknown> | null = null;

export function sendFilesOnce(engine: SyncEngine): Promise<unknown> {
  running ??= sendQueuedFiles(engine)
    .then((result) => {
      for (const refused of result.refused) toast.error(text.upload.refused(refused.fileName, refused.message));
      return result;
    })
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

/** How many files wait; sends them when the engine is online and has synced. */
export function useFileSender(): number {
  const engine = useSyncEngine();
  const state = useSyncState();
  const [waiting, setWaiting] = useState(0);
  const online = state?.online ?? true;
  const lastSyncAt = state?.lastSyncAt;
  const pending = state?.pendingCount;
  useEffect(() => {
    if (!engine) return;
    let live = true;
    const count = () => queuedFilesOf(engine).files.count().then((n) => live && setWaiting(n));
    void count();
    if (online) void sendFilesOnce(engine).then(count);
    return () => {
      live = false;
    };
  }, [engine, online, lastSyncAt, pending]);
  return waiting;
}
