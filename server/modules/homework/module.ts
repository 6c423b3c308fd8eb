/** The homework module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { homeworkPaths } from '../../../contract/homework';
import { defineModule } from '../../module-kit/module';
import { homeworkRoutes } from './routes';
import { homeworkDoneSyncSource, homeworkSyncSource } from './sync-source';

export const homeworkModule = defineModule({
  name: 'homework',
  summary: 'Homework given to a class for a subject, its attachments, and students’ done marks.',
  routes: homeworkRoutes,
  syncSources: [homeworkSyncSource, homeworkDoneSyncSource],
  paths: homeworkPaths,
});
