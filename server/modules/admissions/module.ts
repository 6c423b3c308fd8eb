/** The admissions module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { admissionRoutes } from './routes';
import { admissionsSyncSource } from './sync-source';

export const admissionsModule = defineModule({
  name: 'admissions',
  summary: 'The admission register, numbered per academic year.',
  routes: admissionRoutes,
  syncSources: [admissionsSyncSource],
});
