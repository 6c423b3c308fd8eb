/** The sync module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { syncRoutes } from './routes';

export const syncModule = defineModule({
  name: 'sync',
  summary: 'The pull of the changes a user may see.',
  routes: syncRoutes,
});
