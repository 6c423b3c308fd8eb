/**
 * Persistent storage (docs/sync.md "Local store"): the app asks for it after a teacher signs in, so the
 * browser does not evict a mirror and outbox holding unsent attendance when space runs low.
 */
export type PersistOutcome = 'persisted' | 'refused' | 'unsupported';

export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<PersistOutcome> {
  if (!storage || typeof storage.persist !== 'function') return 'unsupported';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'refused';
  }
}
