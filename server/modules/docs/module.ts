/** The docs module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { docsRoutes } from './routes';

export const docsModule = defineModule({
  name: 'docs',
  summary: 'This description of the API: OpenAPI 3.1 and a page for people.',
  routes: docsRoutes,
});
