/** The subjects module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { subjectRoutes } from './routes';
import { subjectsSyncSource } from './sync-source';

export const subjectsModule = defineModule({
  name: 'subjects',
  summary: 'Subjects a school teaches.',
  routes: subjectRoutes,
  syncSources: [subjectsSyncSource],
});
