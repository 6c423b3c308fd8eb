/**
 * What the app does about the client's reports (the client itself never navigates):
 * no response to a foreground request → /maintenance (unless there already); a refused session →
 * end it and go to /login. Also: follow sign-in/out of other tabs, renew the token on start/focus.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionRefused$, unreachable$ } from '../api/api-events';
import { maintenancePath, maintenanceState } from '../features/maintenance/return-path';
import { sessionStore } from '../session/session-store';
import { localKeys } from '../session/storage-keys';
import { loginPath } from './route-guard';
import { refreshTokenIfNeeded } from './token-refresh';

const watchedKeys: readonly string[] = Object.values(localKeys);

export function useAppEvents(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    const unreachable = unreachable$.subscribe(({ background }) => {
      const { pathname, search, hash } = locationRef.current;
      if (background || pathname === maintenancePath) return;
      void navigate(maintenancePath, { state: maintenanceState(pathname, search, hash) });
    });
    const refused = sessionRefused$.subscribe(() => {
      sessionStore.end();
      if (locationRef.current.pathname !== loginPath) void navigate(loginPath, { replace: true });
    });
    return () => {
      unreachable.unsubscribe();
      refused.unsubscribe();
    };
  }, [navigate]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || watchedKeys.includes(event.key)) sessionStore.syncFromStorage();
    };
    const renew = () => {
      if (document.visibilityState !== 'hidden') void refreshTokenIfNeeded();
    };
    renew();
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', renew);
    document.addEventListener('visibilitychange', renew);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', renew);
      document.removeEventListener('visibilitychange', renew);
    };
  }, []);
}
