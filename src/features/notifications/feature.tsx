/** The notifications feature's descriptor: its pages and the sync panel's words for its changes (src/kit/feature.ts). */
import { lazy } from 'react';
import { defineFeature } from '../../kit/feature';
import { adminHome, studentHome } from '../../navigation/sections';
import { syncTexts } from '../../sync-binding/texts';
import { notificationTexts as text } from './texts';

const NotificationsPage = lazy(() => import('./NotificationsPage'));
const NotificationFormPage = lazy(() => import('./NotificationFormPage'));
const StudentNotificationsPage = lazy(() => import('./StudentNotificationsPage'));

const title = (body: Record<string, unknown>) => (typeof body.title === 'string' ? body.title : '');

export const notificationsFeature = defineFeature({
  name: 'notifications',
  pages: {
    [`${adminHome}/notifications`]: <NotificationsPage />,
    [`${adminHome}/addnotification`]: <NotificationFormPage />,
    [`${adminHome}/editnotification/:notificationId`]: <NotificationFormPage />,
    [`${studentHome}/notifications`]: <StudentNotificationsPage />,
  },
  changes: {
    'notifications.create': (body) => syncTexts.describe.recordCreate(text.changes.entity, title(body)),
    'notifications.update': (body) => syncTexts.describe.recordUpdate(text.changes.entity, title(body)),
    'notifications.delete': () => syncTexts.describe.recordDelete(text.changes.entity),
    'notifications.read': () => text.changes.read,
  },
});
