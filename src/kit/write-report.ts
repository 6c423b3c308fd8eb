/**
 * The kit's one way of telling the user how a write went (every list and form page uses it, with
 * the list's notice for what stays on the page). Every write lands on the device first (the
 * outbox), so online the spec's success message toasts as it is (spec section 9: toasts close
 * after 3000 ms), offline with "will reach the school when you are online". When the school later
 * refuses one of these changes (a 4xx in the not-accepted list), its own message toasts once as an
 * error (spec section 8: class calls toast the server's message).
 */
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { messages } from '../../contract/messages';
import { StorageFullError, type MutationResult } from '../../sync';
import { say } from '../i18n';
import { useSyncState } from '../sync-binding/hooks';
import { recordsKitTexts as text } from './texts';

export interface WriteReport {
  /** After a write resolved: the success message, with the offline note when offline. */
  saved: (message: string, result?: MutationResult) => void;
  /** After a write threw: the storage-full message, else `fallback` (e.g. 'Failed to add class.'). */
  failed: (error: unknown, fallback?: string) => void;
  /** Runs a write and tells `saved` or `failed` about it; true when it was written. */
  attempt: (write: () => Promise<MutationResult>, success: string, fallback?: string) => Promise<boolean>;
  online: boolean;
}

export function mutationErrorMessage(error: unknown, fallback: string = messages.network.unexpected): string {
  return error instanceof StorageFullError ? error.message : fallback;
}

export function useWriteReport(): WriteReport {
  const state = useSyncState();
  const online = state?.online ?? true;
  const watched = useRef(new Set<string>());

  useEffect(() => {
    if (!state) return;
    for (const entry of state.rejected) {
      if (!watched.current.has(entry.id)) continue;
      watched.current.delete(entry.id);
      toast.error(say(entry.message));
    }
  }, [state]);

  const saved = useCallback(
    (message: string, result?: MutationResult) => {
      if (result) watched.current.add(result.entryId);
      if (online && !state?.serverDown) toast.success(say(message));
      else toast.success(say(message), { description: text.savedOffline });
    },
    [online, state?.serverDown],
  );
  const failed = useCallback((error: unknown, fallback?: string) => {
    toast.error(say(mutationErrorMessage(error, fallback)));
  }, []);
  const attempt = useCallback(
    async (write: () => Promise<MutationResult>, success: string, fallback?: string) => {
      try {
        saved(success, await write());
        return true;
      } catch (error) {
        failed(error, fallback);
        return false;
      }
    },
    [saved, failed],
  );
  return { saved, failed, attempt, online };
}
