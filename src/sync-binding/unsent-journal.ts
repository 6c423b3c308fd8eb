/**
 * Changes a screen hands to the engine while the page may be going away (a reload, a closed tab, a
 * phone discarding a hidden page): the engine's write to IndexedDB is asynchronous and dies with the
 * document, so the change is first noted here, in localStorage, synchronously, and crossed out once
 * the engine has stored it. Whatever is still noted when that user's engine next starts is handed to
 * it again (engine-host.ts). A change handed twice is stored twice only if the first went out
 * meanwhile; the kinds that use this set values (a sheet of marks), so the second changes nothing.
 */
import { StorageFullError, type SyncEngine } from '../../sync';

export interface UnsentOwner {
  tenantId: string;
  username: string;
}

interface Noted {
  id: string;
  kind: string;
  payload: unknown;
}

const keyOf = (owner: UnsentOwner) => `kaksha:unsent:${owner.tenantId}:${owner.username}`;

function read(owner: UnsentOwner): Noted[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(keyOf(owner)) ?? '[]');
    return Array.isArray(value) ? (value as Noted[]) : [];
  } catch {
    return [];
  }
}

function write(owner: UnsentOwner, noted: readonly Noted[]): void {
  try {
    if (noted.length === 0) window.localStorage.removeItem(keyOf(owner));
    else window.localStorage.setItem(keyOf(owner), JSON.stringify(noted));
  } catch {
    // Storage refused (full, or blocked): the change still goes to the engine as before.
  }
}

/** Notes a change about to go to the engine; returns what crosses it out (`settleUnsent`). */
export function noteUnsent(owner: UnsentOwner, kind: string, payload: unknown): string {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  write(owner, [...read(owner), { id, kind, payload }]);
  return id;
}

/** The engine has stored the noted change. */
export function settleUnsent(owner: UnsentOwner, id: string): void {
  const noted = read(owner);
  if (noted.some((one) => one.id === id)) write(owner, noted.filter((one) => one.id !== id));
}

/**
 * Hands the engine what its user's screens noted and the engine never stored, oldest first; each is
 * crossed out once stored. One the engine refuses as it is (an unknown kind, a payload no longer
 * valid) is dropped; one it cannot store now (the device full) stays for the next start.
 */
export async function replayUnsent(engine: Pick<SyncEngine, 'tenantId' | 'username' | 'mutate'>): Promise<number> {
  const owner = { tenantId: engine.tenantId, username: engine.username };
  let stored = 0;
  for (const noted of read(owner)) {
    try {
      await (engine.mutate as (kind: string, payload: unknown) => Promise<unknown>)(noted.kind, noted.payload);
      stored += 1;
    } catch (error) {
      if (error instanceof StorageFullError) continue;
      console.warn('A change noted before the page went away could not be stored', noted.kind, error);
    }
    settleUnsent(owner, noted.id);
  }
  return stored;
}
