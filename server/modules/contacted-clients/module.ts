/** The contactedClients module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { contactedClientRoutes } from './routes';

export const contactedClientsModule = defineModule({
  name: 'contactedClients',
  summary: 'The public contact form and its follow-up by operators.',
  routes: contactedClientRoutes,
});
