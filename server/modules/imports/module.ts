/** The imports module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { defineModule } from '../../module-kit/module';
import { importRoutes } from './routes';

export const importsModule = defineModule({
  name: 'imports',
  summary: 'Spreadsheet uploads of classes, students and teachers, and their templates.',
  routes: importRoutes,
});
