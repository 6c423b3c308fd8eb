/**
 * The device's copy of the signed-in school's details and switches (name, address, phone, e-mail,
 * show ranks), kept in the sync store's `meta` table so report cards print them offline. The store
 * is per school and user, so the copy goes with the session; it is refreshed whenever the device is
 * online and the admin's edits on /admin/schools replace it (docs/decisions.md, exams). In the kit because
 * the exams screens read it and the schools screen writes it.
 */
import { useEffect } from 'react';
import { paths } from '../../contract/paths';
import { schoolDetailsSchema, type SchoolDetails } from '../../contract/school';
import type { KakshaDb } from '../../sync';
import { apiRequest } from '../api/client';
import { useSessionSnapshot } from '../session/use-session';
import { useSyncEngine } from '../sync-binding/hooks';
import { useMirrorQuery } from '../sync-binding/use-mirror-query';
import { useOnline } from './use-online';

export const schoolCopyKey = 'schoolDetails';

export async function readSchoolCopy(db: KakshaDb): Promise<SchoolDetails | null> {
  const parsed = schoolDetailsSchema.safeParse((await db.meta.get(schoolCopyKey))?.value);
  return parsed.success ? parsed.data : null;
}

export async function keepSchoolCopy(db: KakshaDb, school: SchoolDetails): Promise<void> {
  await db.meta.put({ key: schoolCopyKey, value: school });
}

/** Fetches the school's details and keeps them (src/app/use-kept-copies.ts runs it when online). */
export async function refreshSchoolCopy(db: KakshaDb, tenantId: string, signal?: AbortSignal): Promise<void> {
  // A kept copy refreshed behind the screen: no answer must not take the user to /maintenance.
  const response = await apiRequest('GET', paths.schools.one(tenantId), { signal, background: true });
  const school = schoolDetailsSchema.safeParse(response.data);
  if (school.success) await keepSchoolCopy(db, school.data);
}

/**
 * The kept copy (`null` before the first fetch, `undefined` while it is read), fetched again once
 * per mount when online. A failed fetch leaves the copy as it was.
 */
export function useSchoolCopy(): SchoolDetails | null | undefined {
  const engine = useSyncEngine();
  const online = useOnline();
  const tenantId = useSessionSnapshot().session?.tenantId ?? '';
  const copy = useMirrorQuery(async (db) => {
    const kept = await readSchoolCopy(db);
    return kept && kept.tenantId === tenantId ? kept : null;
  }, [tenantId]);
  useEffect(() => {
    if (!engine || !tenantId || !online) return undefined;
    const controller = new AbortController();
    refreshSchoolCopy(engine.db, tenantId, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [engine, tenantId, online]);
  return copy;
}
