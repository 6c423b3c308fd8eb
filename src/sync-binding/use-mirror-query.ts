/**
 * Screens read school data from the signed-in user's mirror, never from the API (docs/architecture.md):
 * `useMirrorQuery(db => db.tableOf(studentsTable).where('classId').equals(id).toArray(), [id])` re-renders
 * whenever the rows it read change (a pull, a push answer, a change made in another tab).
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { KakshaDb } from '../../sync';
import { holdFirstScreen, isFirstScreenDrawn } from './first-screen';
import { useSyncEngine } from './hooks';

/**
 * The query's result over the mirror; `undefined` while it runs the first time or while there is
 * no engine yet. `deps` are the values the query uses besides the database.
 */
export function useMirrorQuery<T>(query: (db: KakshaDb) => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const engine = useSyncEngine();
  const result = useLiveQuery(() => (engine ? query(engine.db) : undefined), [engine, ...deps]);
  const answered = result !== undefined;
  useEffect(() => (answered || isFirstScreenDrawn() ? undefined : holdFirstScreen()), [answered]);
  return result;
}
