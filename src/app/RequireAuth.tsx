/**
 * Layout route that applies the route guard (route-guard.ts) to every child route, and shows the
 * sync indicator above every signed-in screen (loaded apart from the public pages' chunk).
 */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { RoleName } from '../../contract/roles';
import { sessionStore } from '../session/session-store';
import { useSessionSnapshot } from '../session/use-session';
import { useSyncEngine } from '../sync-binding/hooks';
import { SyncBarSpace } from '../sync-binding/SyncBarSpace';
import { useLoadedApart } from './loaded-apart';
import { decideAccess } from './route-guard';

const loadSyncBar = () => import('../sync-binding/SyncBarLater').then((module) => module.syncBarLater());

export function RequireAuth({ roles }: { roles?: readonly RoleName[] }) {
  const { session } = useSessionSnapshot();
  const engine = useSyncEngine();
  const SyncBar = useLoadedApart(loadSyncBar, engine !== null);
  const decision = decideAccess(roles, session, Date.now());
  const endSession = decision.kind === 'redirect' && decision.endSession;

  useEffect(() => {
    if (endSession) sessionStore.end();
  }, [endSession]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace={decision.replace} />;
  return (
    <>
      {engine && (SyncBar ? <SyncBar /> : <SyncBarSpace />)}
      <Outlet />
    </>
  );
}
