/**
 * Files kept on the device for reading offline (a homework's attachments): the bytes of a file
 * opened once online, or kept on purpose, sit in the Cache Storage under their API path. The cache
 * is the user's own (named after the engine's store, so another account signing in on this
 * browser never reads them), and sign-out deletes it (docs/decisions.md "Homework (issue 10)").
 */
import type { SyncEngine } from '../../sync';

export function keptFilesName(engine: Pick<SyncEngine, 'db'>): string {
  return `${engine.db.name}-kept-files`;
}

export async function keptFiles(engine: Pick<SyncEngine, 'db'>): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(keptFilesName(engine));
  } catch {
    return null;
  }
}

/** Deletes the user's kept files (sign-out). */
export async function forgetKeptFiles(engine: Pick<SyncEngine, 'db'>): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(keptFilesName(engine));
  } catch {
    // Nothing kept, or storage unavailable: nothing to delete.
  }
}
