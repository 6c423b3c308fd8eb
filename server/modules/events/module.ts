/** The events module's descriptor (docs/adding-a-module.md). */
import { eventPaths } from '../../../contract/events';
import { defineModule } from '../../module-kit/module';
import { eventRoutes } from './routes';
import { eventSyncSource } from './sync-source';

export const eventsModule = defineModule({
  name: 'events',
  summary: 'The school calendar: events, holidays, exam days and meetings for an audience.',
  routes: eventRoutes,
  syncSources: [eventSyncSource],
  paths: eventPaths,
});
