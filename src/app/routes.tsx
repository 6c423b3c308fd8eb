/**
 * Every route of spec section 2. Pages load lazily (the 'Loading...' fallback is the root's hydrate
 * fallback for the public pages, RootLayout's Suspense for the signed-in areas');
 * the public pages are listed here, the signed-in areas' pages are the features' sections
 * (src/app/features.ts), each area behind the guard of section 2: /admin/* for admin and teacher,
 * /student/* for student and parent, /settings for all four. Unknown paths go to /home; /app (the
 * installed app's start page) goes to the user's area.
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { Feature } from '../kit/feature';
import { WaitForFirstSync } from '../kit/WaitForFirstSync';
import { adminHome, areas, sectionsOf, type AreaName, type Section } from '../navigation/sections';
import { appStartRoute } from '../session/login-redirect';
import { registerChangeWords } from '../sync-binding/change-words-registry';
import { wholeLanguagePending } from '../i18n/language';
import { ErrorScreen } from '../ui/ErrorScreen';
import { LoadingFallback } from '../ui/LoadingFallback';
import { AppStart } from './AppStart';
import { features } from './features';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { WholeLanguage } from './WholeLanguage';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The public pages load through the router (`lazy`), not React's: the router renders a page once
 * its module is here (the root's hydrate fallback, the spec's 'Loading...', shows meanwhile on the
 * first load; a navigation keeps the page it leaves), where a Suspense fallback made React hold
 * the page back 300 ms after it, most of a first page's largest paint (bench:lighthouse). Every
 * page but the landing page also waits for the whole language (language.ts).
 */
const landingPage = async () => ({ Component: (await import('../features/landing/LandingPage')).default });
const publicPage = (load: () => PageModule) => async () => {
  const [module] = await Promise.all([load(), wholeLanguagePending()]);
  return { Component: module.default };
};
/** A page, waiting for the school's records to arrive when it reads them (its section's `needs`). */
function pageOf(section: Section) {
  if (!section.needs) return section.page;
  return (
    <WaitForFirstSync needs={section.needs} page={{ title: section.title, back: section.back }}>
      {section.page}
    </WaitForFirstSync>
  );
}

/** An area's pages behind the guard of its roles (spec section 2). */
function areaRoute(sections: readonly Section[], area: AreaName): RouteObject {
  return {
    element: <RequireAuth roles={areas[area].roles} />,
    children: sections.filter((section) => section.area === area).map((section) => ({ path: section.path, element: pageOf(section) })),
  };
}

/**
 * The app's routes for a list of features (the app's: src/app/features.ts): their sections behind
 * their areas' guards, the layout that hands the sections to the dashboards and the notification
 * form and runs the features' `keep`, and the sync panel's words of their kinds, registered here.
 */
export function buildRoutes(list: readonly Feature[]): RouteObject[] {
  for (const feature of list) if (feature.changes) registerChangeWords(feature.changes);
  const sections = sectionsOf(list);
  return [
    {
      element: <RootLayout sections={sections} features={list} />,
      hydrateFallbackElement: <LoadingFallback />,
      errorElement: <ErrorScreen />,
      children: [
        { path: '/', lazy: landingPage },
        { path: '/home', lazy: landingPage },
        {
          // Every page but the landing page reads more than the landing page's catalogs.
          element: <WholeLanguage />,
          children: [
            { path: '/school-selection', lazy: publicPage(() => import('../features/school-selection/SchoolSelectionPage')) },
            { path: '/login', lazy: publicPage(() => import('../features/auth/LoginPage')) },
            { path: '/register', lazy: publicPage(() => import('../features/auth/RegisterPage')) },
            { path: '/forgotpassword', lazy: publicPage(() => import('../features/recovery/ForgotPasswordPage')) },
            { path: '/otp', lazy: publicPage(() => import('../features/recovery/OtpPage')) },
            { path: '/terms-of-service', lazy: publicPage(() => import('../features/policies/TermsPage')) },
            { path: '/privacy-policy', lazy: publicPage(() => import('../features/policies/PrivacyPage')) },
            { path: '/maintenance', lazy: publicPage(() => import('../features/maintenance/MaintenancePage')) },
            // A receipt or report card the school sent the family as a signed link (contract/shared.ts
            // sharedPage): opens without signing in.
            { path: '/shared/:token', lazy: publicPage(() => import('./shared-page')) },
            // The manifest's start_url: an installed app opens in the user's area, not on the landing page.
            { path: appStartRoute, element: <AppStart /> },
            // For the people who run Kaksha, not a school's staff: the page signs operators in itself.
            { path: `${adminHome}/contacted-clients`, lazy: publicPage(() => import('../features/contacted-clients/ContactedClientsPage')) },
            areaRoute(sections, 'everyone'),
            areaRoute(sections, 'admin'),
            areaRoute(sections, 'student'),
          ],
        },
        { path: '*', element: <Navigate to="/home" replace /> },
      ],
    },
  ];
}

export const routes: RouteObject[] = buildRoutes(features);
