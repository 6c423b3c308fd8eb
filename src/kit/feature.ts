/**
 * A feature's descriptor (docs/adding-a-module.md "Client side"): everything outside its own screens
 * that names it. Its pages by area (path, title, back route, tile with icon and roles, the lazy
 * page), the sync panel's words for its changes, and what it keeps for offline reading.
 * src/app/features.ts lists the features; the router, the dashboards' tiles, the screens a
 * notification may open and the sync panel take all of it from that list, so a feature adds a page,
 * a tile or a change without editing any of them.
 */
import type { KakshaDb } from '../../sync';
import type { FeatureSections } from '../navigation/sections';
import type { ChangeWords } from '../sync-binding/describe';

export interface Feature {
  /** The feature folder's name. */
  name: string;
  /** Its pages, by area (src/navigation/sections.ts). */
  sections: FeatureSections;
  /**
   * The sync panel's words for the feature's mutation kinds (src/sync-binding/describe.ts), loaded
   * when the panel opens: `() => import('./changes')`, a module whose default is `defineChanges({...})`.
   */
  changes?: () => Promise<{ default: ChangeWords }>;
  /**
   * Fetches what the feature's screens read offline beyond the mirror (the school's details on a
   * report card, the UPI payee on a receipt, a parent's children's homework files) onto the device; the app runs it after the first
   * pull each time a signed-in device comes online (src/app/use-kept-copies.ts). A failure leaves
   * the last copy.
   */
  keep?: (db: KakshaDb, tenantId: string, role: string | undefined) => Promise<void>;
}

export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}
