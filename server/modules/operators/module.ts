/** The operators module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { operatorRoutes } from './routes';

export const operatorsModule = defineModule({
  name: 'operators',
  summary: 'Sign-in of the people who run the service.',
  routes: operatorRoutes,
});
