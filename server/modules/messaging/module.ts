/** The messaging module's descriptor (docs/adding-a-module.md). */
import { messagingPaths } from '../../../contract/messaging';
import { defineModule } from '../../module-kit/module';
import { messagingRoutes } from './routes';

export const messagingModule = defineModule({
  name: 'messaging',
  summary: 'WhatsApp and SMS to parents beside phone push: channels per school, the queue, providers’ callbacks, deliveries per recipient.',
  routes: messagingRoutes,
  paths: messagingPaths,
});
