/**
 * Whenever a signed-in device is online (after sign-in, at start-up, back from offline), each
 * feature fetches what its screens read offline beyond the mirror (src/kit/feature.ts `keep`), so a
 * device that signed in and went offline still prints a receipt's UPI code or a report card's
 * school details without ever having opened those screens online.
 */
import { useEffect } from 'react';
import { useOnline } from '../kit/use-online';
import { useSessionSnapshot } from '../session/use-session';
import { useSyncEngine } from '../sync-binding/hooks';
import { features } from './features';

export function useKeptCopies(): void {
  const engine = useSyncEngine();
  const online = useOnline() === true;
  const tenantId = useSessionSnapshot().session?.tenantId ?? '';
  useEffect(() => {
    if (!engine || !online || !tenantId) return;
    for (const feature of features) feature.keep?.(engine.db, tenantId).catch(() => undefined);
  }, [engine, online, tenantId]);
}
