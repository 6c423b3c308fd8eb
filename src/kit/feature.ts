/**
 * A feature's descriptor (docs/adding-a-module.md): its pages by route path and the sync panel's
 * words for its own changes. src/app/routes.tsx lists the features; the router and the sync panel
 * take both from that list, so a feature adds a screen or a change without editing either.
 */
import type { ReactNode } from 'react';
import type { KakshaDb } from '../../sync';
import type { ChangeWords } from '../sync-binding/describe';

export interface Feature {
  /** The feature folder's name. */
  name: string;
  /** Each page (a lazy element) by its route path, one of the spec's sections (src/navigation/sections.ts). */
  pages: Readonly<Record<string, ReactNode>>;
  /** One line per waiting or refused change of the feature's mutation kinds, by kind name. */
  changes?: ChangeWords;
  /**
   * Fetches what the feature's screens read offline beyond the mirror (the school's details on a
   * report card, the UPI payee on a receipt) into the store's meta; the app runs it after the first
   * pull each time a signed-in device comes online (src/app/use-kept-copies.ts). A failure leaves
   * the last copy.
   */
  keep?: (db: KakshaDb, tenantId: string) => Promise<void>;
}

export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}
