/** The health module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { healthRoutes } from './routes';

export const healthModule = defineModule({
  name: 'health',
  summary: 'Whether the service is up.',
  routes: healthRoutes,
});
