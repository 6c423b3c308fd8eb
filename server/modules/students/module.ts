/** The students module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { studentImporter } from './import';
import { studentRoutes } from './routes';
import { studentsSyncSource } from './sync-source';

export const studentsModule = defineModule({
  name: 'students',
  summary: 'Student records.',
  routes: studentRoutes,
  importers: [studentImporter],
  syncSources: [studentsSyncSource],
});
