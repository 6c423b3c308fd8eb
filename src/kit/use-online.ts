/**
 * Whether the admin screens that talk to the server directly (accounts, schools) may call it: the
 * sync engine's online flag. Undefined while the engine has not said yet, so a screen neither
 * fires a request nor says "offline" before it knows.
 */
import { useSyncEngine, useSyncState } from '../sync-binding/hooks';

export function useOnline(): boolean | undefined {
  const engine = useSyncEngine();
  const state = useSyncState();
  if (engine && !state) return undefined;
  return state?.online ?? true;
}
