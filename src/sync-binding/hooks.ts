/**
 * React's view of the sync engine: the signed-in user's engine and its sync state. Reading the
 * mirror is in use-mirror-query.ts (it brings Dexie's React hooks, which only signed-in screens load).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FirstSyncState, SyncEngine, SyncState } from '../../sync';
import { engineHost } from './engine-host';
import type { FileSummary } from './file-sender';

/** The signed-in user's engine; null while signed out or while the engine loads. */
export function useSyncEngine(): SyncEngine | null {
  return useSyncExternalStore(engineHost.subscribe, engineHost.current, () => null);
}

/** The engine's state (online, waiting count, last sync, not accepted, conflicts); null without one. */
export function useSyncState(): SyncState | null {
  const engine = useSyncEngine();
  const [latest, setLatest] = useState<{ engine: SyncEngine; state: SyncState } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const subscription = engine.state$.subscribe((state) => setLatest({ engine, state }));
    return () => subscription.unsubscribe();
  }, [engine]);
  return latest && latest.engine === engine ? latest.state : null;
}

/**
 * Whether the school's records have arrived on this device, and until then what the first sync has
 * brought (sync/state.ts `FirstSyncState`); null without an engine or before its first reading.
 */
export function useFirstSync(): FirstSyncState | null {
  const engine = useSyncEngine();
  const [latest, setLatest] = useState<{ engine: SyncEngine; state: FirstSyncState } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const subscription = engine.firstSync$.subscribe((state) => setLatest({ engine, state }));
    return () => subscription.unsubscribe();
  }, [engine]);
  return latest && latest.engine === engine ? latest.state : null;
}

/** Whether a screen may show what the mirror holds: the records have arrived, or there is no engine to wait for. */
export function useArrived(): boolean {
  const engine = useSyncEngine();
  const first = useFirstSync();
  return !engine || first?.arrived === true;
}

/** The signed-in user's files waiting to be sent and the ones the school refused; null before the sender runs. */
export function useFileSummary(): FileSummary | null {
  return useSyncExternalStore(engineHost.subscribe, engineHost.files, () => null);
}

/** A screen has queued files: send them now if the connection allows (the sender also runs after every sync). */
export function sendWaitingFiles(): void {
  void engineHost.fileSender()?.run();
}
