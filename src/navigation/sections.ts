/**
 * The signed-in areas' pages (spec section 2) as the features declare them (src/kit/feature.ts):
 * the router declares a route for each (src/app/routes.tsx), the dashboards show their area's tiles,
 * a notification may open a tile's screen. The app builds the list from its features
 * (src/app/features.ts) and hands it down through SectionsContext, so a feature reads it without
 * importing the app.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { familyRoles, roleNames, staffRoles, type RoleName } from '../../contract/roles';
import type { SyncEntity } from '../../contract/sync-entities';

export const adminHome = '/admin';
export const studentHome = '/student';
export const settingsPath = '/settings';

/** Where a page lives and who may enter it; `everyone`'s pages are for all four roles (/settings). */
export const areas = {
  admin: { home: adminHome, roles: staffRoles },
  student: { home: studentHome, roles: familyRoles },
  everyone: { home: '', roles: roleNames },
} as const satisfies Record<string, { home: string; roles: readonly RoleName[] }>;

export type AreaName = keyof typeof areas;

export interface SectionTile {
  /** The icon's shapes, stroked on the 24-unit grid of src/ui/icons.tsx (decorative: the label names it). */
  icon: ReactNode;
  /** The tile's place on its dashboard, lowest first (an `everyone` tile comes on every dashboard). */
  order: number;
  /** Only these roles get the tile (the server refuses the others everything the screen does); absent: the area's every role. */
  roles?: readonly RoleName[];
}

/** A page as its feature declares it, its paths under its area's home. */
export interface SectionSpec {
  /** Under the area's home ('/homework' is /admin/homework in the admin area; '' the home itself). */
  path: string;
  /**
   * The page header's title and the tile's label: words of the feature's texts. A function reads
   * them in the language of the moment (`() => t.settings.title`, docs/i18n.md); a string is fixed
   * when the feature module loads (the features not yet in the catalogs).
   */
  title: string | (() => string);
  /** Where the page header's back button goes, under the area's home (absent: the home itself). */
  back?: string;
  /** The page: a lazy element. */
  page: ReactNode;
  /** Shown as a tile on the area's dashboard. */
  tile?: SectionTile;
  /** Loads the page's module while the area's dashboard sits idle, so the tap finds it on the phone. */
  preload?: () => Promise<unknown>;
  /**
   * The mirror tables the page reads: until the device's first sync has brought the school's
   * records, the page waits and shows their progress instead (src/kit/WaitForFirstSync.tsx).
   */
  needs?: readonly SyncEntity[];
}

export type FeatureSections = Partial<Record<AreaName, readonly SectionSpec[]>>;

/** A page with its area and whole paths. */
export interface Section extends Omit<SectionSpec, 'path' | 'back'> {
  area: AreaName;
  path: string;
  back: string;
}

/** Every page of the features, in their order. */
export function sectionsOf(features: readonly { sections: FeatureSections }[]): Section[] {
  return features.flatMap((feature) =>
    Object.entries(feature.sections).flatMap(([area, specs]) => {
      const { home } = areas[area as AreaName];
      return (specs ?? []).map(({ path, back, ...spec }) => ({
        ...spec,
        area: area as AreaName,
        path: `${home}${path}` || '/',
        back: back === undefined ? home || '/home' : `${home}${back}`,
      }));
    }),
  );
}

/** A section's title in the active language. */
export function sectionTitle(section: Pick<SectionSpec, 'title'>): string {
  return typeof section.title === 'function' ? section.title() : section.title;
}

/** The pages of the app (src/app/RootLayout.tsx provides them). */
export const SectionsContext = createContext<readonly Section[]>([]);

export function useSections(): readonly Section[] {
  return useContext(SectionsContext);
}

/** An area's tiles, in their order: its own and the `everyone` area's. */
export function tileSections(sections: readonly Section[], area: AreaName): Section[] {
  return sections
    .filter((section) => section.tile && (section.area === area || section.area === 'everyone'))
    .sort((a, b) => a.tile!.order - b.tile!.order);
}

/** Runs `load` once the page is idle; a failure only means the tap loads it as before. */
export function loadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

/** Loads, once the dashboard is idle, the pages of its area that ask for it (`preload`). */
export function preloadAreaPages(sections: readonly Section[], area: AreaName): () => void {
  const loads = sections.filter((section) => section.area === area && section.preload).map((section) => section.preload!);
  return loadWhenIdle(() => Promise.all(loads.map((load) => load())));
}
