/**
 * The page a signed-in start opens (its address, or where /app leads), loaded before the first
 * render: a page made by `lazyPage` then renders at once instead of behind the area's Suspense
 * fallback, which React holds up to 300 ms after showing (src/kit/lazy-page.ts). Waited for at
 * most `startPageWaitMs`, so a slow network still shows the spec's 'Loading...' meanwhile.
 */
import { matchPath } from 'react-router';
import { pageLoadOf } from '../kit/lazy-page';
import { sectionsOf, type Section } from '../navigation/sections';
import { appStartPath, appStartRoute } from '../session/login-redirect';
import { features } from './features';

export const startPageWaitMs = 1000;

/** The section a start at `pathname` shows (/app: the user's area), if it is one of the app's. */
export function startSectionOf(pathname: string, role: string | null | undefined, schoolChosen: boolean): Section | undefined {
  const path = pathname === appStartRoute ? appStartPath(role, schoolChosen) : pathname;
  return sectionsOf(features).find((one) => matchPath(one.path, path) !== null);
}

export function loadStartPage(pathname: string, role: string | null | undefined, schoolChosen: boolean): Promise<void> {
  const section = startSectionOf(pathname, role, schoolChosen);
  const load = section ? pageLoadOf(section.page) : undefined;
  if (!load) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, startPageWaitMs);
    // A module that fails to load fails again where the page renders, with the app's error screen.
    void load()
      .catch(() => undefined)
      .then(() => {
        window.clearTimeout(timer);
        resolve();
      });
  });
}
