/** The school calendar: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.events;

const EventsPage = lazyPage(() => import('./EventsPage'));
const EventFormPage = lazyPage(() => import('./EventFormPage'));
const StudentEventsPage = lazyPage(() => import('./StudentEventsPage'));

const icon = (
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
    <path d="M8 14h2v2H8Z" />
  </>
);

export const eventsFeature = defineFeature({
  name: 'events',
  sections: {
    admin: [
      { needs: ['events', 'classes'], path: '/events', title: () => titles.events, page: <EventsPage />, tile: { icon, order: 140 } },
      { needs: ['events', 'classes'], path: '/events/add', title: () => titles.addEvent, back: '/events', page: <EventFormPage /> },
      { needs: ['events', 'classes'], path: '/events/edit/:eventId', title: () => titles.editEvent, back: '/events', page: <EventFormPage /> },
    ],
    student: [{ needs: ['events', 'students', 'classes'], path: '/events', title: () => titles.events, page: <StudentEventsPage />, tile: { icon, order: 80 } }],
  },
  changes: () => import('./changes'),
});
