/** The classes module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { classImporter } from './import';
import { classRoutes } from './routes';
import { classesSyncSource } from './sync-source';

export const classesModule = defineModule({
  name: 'classes',
  summary: 'Classes of a school and their class teachers.',
  routes: classRoutes,
  importers: [classImporter],
  syncSources: [classesSyncSource],
});
