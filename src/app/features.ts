/**
 * The features that describe themselves (src/kit/feature.ts, docs/adding-a-module.md): a new feature
 * adds its import and its line here. The router takes their pages (src/app/routes.tsx); the sync
 * panel their words for waiting and refused changes, registered when this file loads.
 */
import type { ReactNode } from 'react';
import { eventsFeature } from '../features/events/feature';
import { examsFeature } from '../features/exams/feature';
import { feesFeature } from '../features/fees/feature';
import { homeworkFeature } from '../features/homework/feature';
import { notificationsFeature } from '../features/notifications/feature';
import { teacherAttendanceFeature } from '../features/teacher-attendance/feature';
import { timetableFeature } from '../features/timetable/feature';
import type { Feature } from '../kit/feature';
import { registerChangeWords } from '../sync-binding/describe';

export const features: readonly Feature[] = [homeworkFeature, notificationsFeature, eventsFeature, timetableFeature, teacherAttendanceFeature, examsFeature, feesFeature];

for (const feature of features) if (feature.changes) registerChangeWords(feature.changes);

/** Every feature's pages by route path. */
export const featurePages: Readonly<Record<string, ReactNode>> = Object.fromEntries(features.flatMap((feature) => Object.entries(feature.pages)));
