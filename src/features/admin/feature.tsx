/** The staff area's own pages: the dashboard and the school's results (src/kit/feature.ts). */
import { lazy } from 'react';
import { t } from '../../i18n';
import { defineFeature } from '../../kit/feature';
import { staffTitles } from '../../kit/staff-titles';

const AdminDashboardPage = lazy(() => import('./dashboard/AdminDashboardPage'));
const ResultsOverviewPage = lazy(() => import('./results/ResultsOverviewPage'));

export const adminFeature = defineFeature({
  name: 'admin',
  sections: {
    admin: [
      { path: '', title: () => t.dashboard.adminTitle, page: <AdminDashboardPage /> },
      { needs: ['exams', 'results', 'classes', 'students', 'subjects'], path: '/results', title: () => staffTitles.results, page: <ResultsOverviewPage /> },
    ],
  },
});
