/**
 * Screens read school data from the signed-in user's mirror, never from the API (docs/architecture.md):
 * `useMirrorQuery(db => db.tableOf(studentsTable).where('classId').equals(id).toArray(), [id])` re-renders
 * whenever the rows it read change (a pull, a push answer, a change made in another tab).
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { KakshaDb } from '../../sync';
import { firstScreenDrawn, holdFirstScreen, isFirstScreenDrawn, nudgeFirstScreen } from './first-screen';
import { useArrived, useFirstSync, useSyncEngine } from './hooks';

/** Whether a read that waits for the first screen must wait still; false once it is drawn. */
function useWaitForFirstScreen(): boolean {
  const [waiting, setWaiting] = useState(() => !isFirstScreenDrawn());
  useEffect(() => {
    if (!waiting) return undefined;
    let live = true;
    nudgeFirstScreen();
    void firstScreenDrawn().then(() => {
      if (live) setWaiting(false);
    });
    return () => {
      live = false;
    };
  }, [waiting]);
  return waiting;
}

/** The query over the mirror unless `waiting`; a read that does not wait holds the first screen until it has answered once. */
function useMirrorRead<T>(query: (db: KakshaDb) => Promise<T> | T, deps: readonly unknown[], waiting: boolean): T | undefined {
  const engine = useSyncEngine();
  const result = useLiveQuery(() => (engine && !waiting ? query(engine.db) : undefined), [engine, waiting, ...deps]);
  const answered = result !== undefined;
  useEffect(() => (answered || waiting || isFirstScreenDrawn() ? undefined : holdFirstScreen()), [answered, waiting]);
  return result;
}

/**
 * The query's result over the mirror; `undefined` while it runs the first time or while there is
 * no engine yet. `deps` are the values the query uses besides the database.
 */
export function useMirrorQuery<T>(query: (db: KakshaDb) => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  return useMirrorRead(query, deps, false);
}

/**
 * `useMirrorQuery` for figures that show only once the first sync has brought the school's records
 * (a dashboard's glance inside WaitForFirstSync): paused while the device's first pull is known to
 * run, so that pull's pages, each a write to the tables it reads, do not run it again and again
 * for nothing on screen; run at once otherwise, a cold start not waiting for the first sync's
 * state to be read first.
 */
export function useMirrorQueryAfterFirstSync<T>(query: (db: KakshaDb) => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const first = useFirstSync();
  return useMirrorRead(query, deps, first !== null && !first.arrived);
}

/**
 * A figure beside the screen's own (a tile's count, the unread bell), `undefined` until it is read:
 * once the first screen is drawn, so that on a cold start it does not share the device with the
 * reads that screen waits for (docs/decisions.md "Cold start"), and once the first sync has brought
 * the school's records, as the screen's own figures wait for them (WaitForFirstSync).
 */
export function useFigureBeside<T>(query: (db: KakshaDb) => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const beforeFirstScreen = useWaitForFirstScreen();
  const arrived = useArrived();
  return useMirrorRead(query, deps, beforeFirstScreen || !arrived);
}
