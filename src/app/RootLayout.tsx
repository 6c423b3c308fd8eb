/**
 * The layout every route renders in: lazy pages' fallback, app-wide events, the profile dialog,
 * the app's update and install prompts.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PwaPrompts } from '../pwa/PwaPrompts';
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
      <PwaPrompts />
    </>
  );
}
