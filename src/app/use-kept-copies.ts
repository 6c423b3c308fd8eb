/**
 * Once a signed-in device has completed a pull since it last came online (so its session is known
 * good), each feature fetches what its screens read offline beyond the mirror (src/kit/feature.ts
 * `keep`): a device that signed in and went offline still prints a receipt's UPI code or a report
 * card's school details without ever having opened those screens online. Never before that pull: a
 * token that expired offline is the sync engine's to report ("Sign in again"), not these fetches'.
 */
import { useEffect } from 'react';
import type { Feature } from '../kit/feature';
import { useSessionSnapshot } from '../session/use-session';
import { useSyncEngine } from '../sync-binding/hooks';

export function useKeptCopies(features: readonly Feature[]): void {
  const engine = useSyncEngine();
  const { session } = useSessionSnapshot();
  const tenantId = session?.tenantId ?? '';
  const role = session?.role;
  useEffect(() => {
    if (!engine || !tenantId) return undefined;
    let onlineSince = Number.POSITIVE_INFINITY;
    let keptAt = 0;
    const subscription = engine.state$.subscribe((state) => {
      if (!state.online) {
        onlineSince = Number.POSITIVE_INFINITY;
        return;
      }
      if (onlineSince === Number.POSITIVE_INFINITY) onlineSince = Date.now();
      if (state.needsSignIn || state.lastSyncAt === null || state.lastSyncAt < onlineSince || keptAt >= onlineSince) return;
      keptAt = Date.now();
      for (const feature of features) feature.keep?.(engine.db, tenantId, role).catch(() => undefined);
    });
    return () => subscription.unsubscribe();
  }, [engine, tenantId, role, features]);
}
