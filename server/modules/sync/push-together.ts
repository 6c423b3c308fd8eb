/**
 * Which entries of a batch push can be applied together (module-kit/batch-writes.ts): from a given
 * entry, the longest run of entries for one route that declares a BatchWrite, each one a write the
 * route would take as it stands: the caller's role admitted, a valid Idempotency-Key not used twice
 * in the run, a body the route's schema accepts with no text the database cannot store. An entry
 * that is not ends the run; it goes through its route alone, as every entry did before.
 */
import type { PushEntry } from '../../../contract/sync-push';
import type { BatchWrite } from '../../module-kit/batch-writes';
import { unstorableTextPaths } from '../../plugins/input-guards';
import { requestHash, storedKeyOf, type IdempotencyClaim } from '../../plugins/idempotency';
import type { AuthUser } from '../../types';

export interface TogetherRun {
  write: BatchWrite;
  /** Each entry's claimed key and its body as the route's schema reads it. */
  entries: { claim: IdempotencyClaim; body: unknown }[];
}

/** A run of at least two entries from `start`, or undefined (the entry goes alone). */
export function runFrom(writes: readonly BatchWrite[], user: AuthUser, entries: readonly PushEntry[], start: number): TogetherRun | undefined {
  const first = entries[start];
  const write = first && writes.find((candidate) => candidate.method === first.method && candidate.path === first.path);
  if (!write || !write.access.includes(user.role)) return undefined;
  const run: TogetherRun['entries'] = [];
  const keys = new Set<string>();
  for (const entry of entries.slice(start)) {
    if (entry.method !== write.method || entry.path !== write.path) break;
    const key = storedKeyOf(entry.id);
    if (key === undefined || keys.has(key) || unstorableTextPaths(entry.body).length > 0) break;
    const body = write.body.safeParse(entry.body);
    if (!body.success) break;
    keys.add(key);
    run.push({ claim: { key, requestHash: requestHash(entry.method, entry.path, entry.body) }, body: body.data });
  }
  return run.length >= 2 ? { write, entries: run } : undefined;
}
