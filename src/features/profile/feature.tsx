/** /admin/profile and /student/profile (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.profile;

const ProfilePage = lazyPage(() => import('./ProfilePage'));

const icon = (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c.9-4 4-6.5 8-6.5s7.1 2.5 8 6.5" />
  </>
);

export const profileFeature = defineFeature({
  name: 'profile',
  sections: {
    admin: [{ needs: ['teachers', 'classes', 'teacherAttendance', 'events'], path: '/profile', title: () => titles.profile, page: <ProfilePage area="admin" />, tile: { icon, order: 190 } }],
    student: [{ needs: ['students', 'classes', 'studentYears', 'schoolYears'], path: '/profile', title: () => titles.profile, page: <ProfilePage area="student" />, tile: { icon, order: 10 } }],
  },
});
