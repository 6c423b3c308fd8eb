/** The schools module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { schoolRoutes } from './routes';

export const schoolsModule = defineModule({
  name: 'schools',
  summary: "The school list and a school's certificate details.",
  routes: schoolRoutes,
});
