/** The layout every route renders in: lazy pages' fallback, app-wide events, the profile dialog. */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingFallback } from '../ui/LoadingFallback';
import { ProfileLoadErrorDialog } from './ProfileLoadErrorDialog';
import { useAppEvents } from './use-app-events';

export function RootLayout() {
  useAppEvents();
  return (
    <>
      <Suspense fallback={<LoadingFallback />}>
        <Outlet />
      </Suspense>
      <ProfileLoadErrorDialog />
    </>
  );
}
