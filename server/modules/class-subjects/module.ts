/** The classSubjects module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { classSubjectRoutes } from './routes';
import { classSubjectsSyncSource } from './sync-source';

export const classSubjectsModule = defineModule({
  name: 'classSubjects',
  summary: 'Which teacher teaches which subject in which class.',
  routes: classSubjectRoutes,
  syncSources: [classSubjectsSyncSource],
});
