/** The shared module's descriptor: the page a signed link opens without signing in (docs/adding-a-module.md). */
import { sharedPaths } from '../../../contract/shared';
import { defineModule } from '../../module-kit/module';
import { sharedRoutes } from './routes';

export const sharedModule = defineModule({
  name: 'shared',
  summary: 'The one receipt or published report card a signed, expiring link opens without signing in.',
  routes: sharedRoutes,
  paths: { shared: sharedPaths },
});
