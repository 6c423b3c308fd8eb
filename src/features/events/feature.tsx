/** The events feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { eventsTexts as text } from './texts';

const EventsPage = lazy(() => import('./EventsPage'));
const EventFormPage = lazy(() => import('./EventFormPage'));
const StudentEventsPage = lazy(() => import('./StudentEventsPage'));

const title = (body: Record<string, unknown>) => (typeof body.title === 'string' ? body.title : '');

export const eventsFeature = defineFeature({
  name: 'events',
  pages: {
    [`${adminHome}/events`]: <EventsPage />,
    [`${adminHome}/events/add`]: <EventFormPage />,
    [`${adminHome}/events/edit/:eventId`]: <EventFormPage />,
    [`${studentHome}/events`]: <StudentEventsPage />,
  },
  changes: {
    'events.create': (body) => syncTexts.describe.recordCreate(text.changes.entity, title(body)),
    'events.update': (body) => syncTexts.describe.recordUpdate(text.changes.entity, title(body)),
    'events.delete': () => syncTexts.describe.recordDelete(text.changes.entity),
  },
});
