/** React access to the live session snapshot. */
import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from './session-store';

export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}
