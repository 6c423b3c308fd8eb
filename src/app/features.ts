/**
 * The features that describe themselves (src/kit/feature.ts, docs/adding-a-module.md): a new feature
 * adds its import and its line here. The router takes their pages (src/app/routes.tsx); the sync
 * panel their words for waiting and refused changes, registered when this file loads.
 */
import type { ReactNode } from 'react';
import { homeworkFeature } from '../features/homework/feature';
import type { Feature } from '../kit/feature';
import { registerChangeWords } from '../sync-binding/describe';

export const features: readonly Feature[] = [homeworkFeature];

for (const feature of features) if (feature.changes) registerChangeWords(feature.changes);

/** Every feature's pages by route path. */
export const featurePages: Readonly<Record<string, ReactNode>> = Object.fromEntries(features.flatMap((feature) => Object.entries(feature.pages)));
