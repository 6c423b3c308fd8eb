/** The years module's descriptor: what app.ts and the sync pull take from it (docs/adding-a-module.md). */
import { yearPaths } from '../../../contract/years';
import { defineModule } from '../../module-kit/module';
import { yearRoutes } from './routes';
import { schoolYearsSyncSource, studentYearsSyncSource } from './sync-source';

export const yearsModule = defineModule({
  name: 'years',
  summary: "The school year: its turnover into the next (promotion, new classes, fees copied, dues carried) and its undo.",
  routes: yearRoutes,
  syncSources: [schoolYearsSyncSource, studentYearsSyncSource],
  paths: yearPaths,
});
