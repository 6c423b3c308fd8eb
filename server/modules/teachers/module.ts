/** The teachers module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { teacherImporter } from './import';
import { teacherRoutes } from './routes';
import { teachersSyncSource } from './sync-source';

export const teachersModule = defineModule({
  name: 'teachers',
  summary: 'Teacher records.',
  routes: teacherRoutes,
  importers: [teacherImporter],
  syncSources: [teachersSyncSource],
});
