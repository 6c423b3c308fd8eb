/** The exams module's descriptor: exams and grading, marks entry, published results (docs/adding-a-module.md). */
import { examPaths, markPaths, resultPaths } from '../../../contract/exams';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { defineModule } from '../../module-kit/module';
import { marksRoutes } from './marks-routes';
import { resultRoutes } from './results-routes';
import { examRoutes } from './routes';
import { examSyncSource, markSyncSource, resultSyncSource } from './sync-source';

const routes: ZodPlugin = async (app) => {
  await app.register(examRoutes);
  await app.register(marksRoutes);
  await app.register(resultRoutes);
};

export const examsModule = defineModule({
  name: 'exams',
  summary: 'Exams and their schedules, the grading scale, marks entry, and published results.',
  routes,
  syncSources: [examSyncSource, markSyncSource, resultSyncSource],
  paths: { exams: examPaths, marks: markPaths, results: resultPaths },
});
