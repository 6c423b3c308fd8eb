/** The staff area's own pages: the dashboard and the school's results (src/kit/feature.ts). */
import { t } from '../../i18n';
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles } from '../../kit/staff-titles';

const AdminDashboardPage = lazyPage(() => import('./dashboard/AdminDashboardPage'));
const ResultsOverviewPage = lazyPage(() => import('./results/ResultsOverviewPage'));

export const adminFeature = defineFeature({
  name: 'admin',
  sections: {
    admin: [
      { path: '', title: () => t.dashboard.adminTitle, page: <AdminDashboardPage /> },
      { needs: ['exams', 'results', 'classes', 'students', 'subjects'], path: '/results', title: () => staffTitles.results, page: <ResultsOverviewPage /> },
    ],
  },
});
