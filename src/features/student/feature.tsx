/** The family area's dashboard (src/kit/feature.ts). */
import { lazy } from 'react';
import { t } from '../../i18n';
import { defineFeature } from '../../kit/feature';

const StudentDashboardPage = lazy(() => import('./dashboard/StudentDashboardPage'));

export const studentFeature = defineFeature({
  name: 'student',
  sections: { student: [{ path: '', title: () => t.dashboard.studentTitle, page: <StudentDashboardPage /> }] },
});
