/**
 * The layout every route renders in: lazy pages' fallback, app-wide events, the copies kept for
 * offline reading (use-kept-copies.ts), the profile dialog,
 * the app's update and install prompts, and the phone push prompt where the build offers push.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { pushSetup } from '../features/push/push-setup';
import { PwaPrompts } from '../pwa/PwaPrompts';
import { LoadingFallback } from '../ui/LoadingFallback';
import { ProfileLoadErrorDialog } from './ProfileLoadErrorDialog';
import { useAppEvents } from './use-app-events';
import { useKeptCopies } from './use-kept-copies';

// Only in a build configured for phone push, and out of the first page's bundle.
const PushPrompt = pushSetup ? lazy(() => import('../features/push/PushPrompt')) : undefined;

export function RootLayout() {
  useAppEvents();
  useKeptCopies();
  return (
    <>
      {PushPrompt && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}
      <Suspense fallback={<LoadingFallback />}>
        <Outlet />
      </Suspense>
      <ProfileLoadErrorDialog />
      <PwaPrompts />
    </>
  );
}
