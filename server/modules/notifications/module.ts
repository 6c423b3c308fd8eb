/** The notifications module's descriptor (docs/adding-a-module.md). */
import { notificationPaths } from '../../../contract/notifications';
import { defineModule } from '../../module-kit/module';
import { notificationRoutes } from './routes';
import { notificationCountSyncSource, notificationReadSyncSource, notificationSyncSource } from './sync-source';

export const notificationsModule = defineModule({
  name: 'notifications',
  summary: 'Notifications from the school to an audience, read marks, and their phone pushes.',
  routes: notificationRoutes,
  syncSources: [notificationSyncSource, notificationReadSyncSource, notificationCountSyncSource],
  paths: notificationPaths,
});
