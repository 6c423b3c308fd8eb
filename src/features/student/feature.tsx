/** The family area's dashboard (src/kit/feature.ts). */
import { t } from '../../i18n';
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';

const StudentDashboardPage = lazyPage(() => import('./dashboard/StudentDashboardPage'));

export const studentFeature = defineFeature({
  name: 'student',
  sections: { student: [{ path: '', title: () => t.dashboard.studentTitle, page: <StudentDashboardPage /> }] },
});
