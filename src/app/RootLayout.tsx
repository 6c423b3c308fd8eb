/**
 * The layout every route renders in: the features' sections for the pages that show them (the
 * dashboards' tiles, a notification's screens), lazy pages' fallback, app-wide events, the copies
 * kept for offline reading (use-kept-copies.ts), the profile dialog,
 * the app's update and install prompts, and the phone push prompt where the build offers push.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { pushSetup } from '../features/push/push-setup';
import type { Feature } from '../kit/feature';
import { SectionsContext, type Section } from '../navigation/sections';
import { PwaPrompts } from '../pwa/PwaPrompts';
import { LoadingFallback } from '../ui/LoadingFallback';
import { ProfileLoadErrorDialog } from './ProfileLoadErrorDialog';
import { useAppEvents } from './use-app-events';
import { useKeptCopies } from './use-kept-copies';

// Only in a build configured for phone push, and out of the first page's bundle.
const PushPrompt = pushSetup ? lazy(() => import('../features/push/PushPrompt')) : undefined;

export interface RootLayoutProps {
  /** The features' pages (routes.tsx buildRoutes). */
  sections: readonly Section[];
  features: readonly Feature[];
}

export function RootLayout({ sections, features }: RootLayoutProps) {
  useAppEvents();
  useKeptCopies(features);
  return (
    <SectionsContext.Provider value={sections}>
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
    </SectionsContext.Provider>
  );
}
