/** Notifications: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.notifications;

const NotificationsPage = lazyPage(() => import('./NotificationsPage'));
const NotificationFormPage = lazyPage(() => import('./NotificationFormPage'));
const StudentNotificationsPage = lazyPage(() => import('./StudentNotificationsPage'));

const icon = (
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </>
);

export const notificationsFeature = defineFeature({
  name: 'notifications',
  sections: {
    admin: [
      { needs: ['notifications', 'notificationCounts', 'classes'], path: '/notifications', title: () => titles.notifications, page: <NotificationsPage />, tile: { icon, order: 110 } },
      { needs: ['notifications', 'classes'], path: '/addnotification', title: () => titles.addNotification, back: '/notifications', page: <NotificationFormPage /> },
      { needs: ['notifications', 'classes'], path: '/editnotification/:notificationId', title: () => titles.editNotification, back: '/notifications', page: <NotificationFormPage /> },
    ],
    student: [{ needs: ['notifications', 'notificationReads'], path: '/notifications', title: () => titles.notifications, page: <StudentNotificationsPage />, tile: { icon, order: 70 } }],
  },
  changes: () => import('./changes'),
});
