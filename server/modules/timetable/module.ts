/** The timetable module's descriptor (docs/adding-a-module.md). */
import { timetablePaths } from '../../../contract/timetable';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { defineModule } from '../../module-kit/module';
import { timetablePeriodRoutes } from './periods';
import { timetableEntryRoutes } from './routes';
import { substitutionRoutes } from './substitutions';
import { substitutionSyncSource, timetableLimitSyncSource, timetablePeriodSyncSource, timetableSyncSource } from './sync-source';

const timetableRoutes: ZodPlugin = async (app) => {
  await timetablePeriodRoutes(app, {});
  await substitutionRoutes(app, {});
  await timetableEntryRoutes(app, {});
};

export const timetableModule = defineModule({
  name: 'timetable',
  summary: 'The bell schedule, each class’s weekly grid with clash checks, weekly subject limits and substitutions.',
  routes: timetableRoutes,
  syncSources: [timetablePeriodSyncSource, timetableSyncSource, timetableLimitSyncSource, substitutionSyncSource],
  paths: timetablePaths,
});
