/**
 * React's view of the sync engine: the signed-in user's engine and its sync state. Reading the
 * mirror is in use-mirror-query.ts (it brings Dexie's React hooks, which only signed-in screens load).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncEngine, SyncState } from '../../sync';
import { engineHost } from './engine-host';

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
