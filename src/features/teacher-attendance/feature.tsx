/** Staff attendance: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const TeacherAttendancePage = lazyPage(() => import('./TeacherAttendancePage'));
const MonthlyRegisterPage = lazyPage(() => import('./MonthlyRegisterPage'));

const icon = (
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5 1.6 0 3 .5 4.2 1.4" />
    <path d="m15 18 2 2 4-4" />
  </>
);

export const teacherAttendanceFeature = defineFeature({
  name: 'teacher-attendance',
  sections: {
    admin: [
      { needs: ['teachers', 'teacherAttendance', 'events'], path: '/teacher-attendance', title: () => titles.teacherAttendance, page: <TeacherAttendancePage />, tile: { icon, order: 70 } },
      {
        needs: ['teachers', 'teacherAttendance', 'events'],
        path: '/teacher-attendance/monthly/:monthYear',
        title: () => titles.teacherAttendanceMonthly,
        back: '/teacher-attendance',
        page: <MonthlyRegisterPage />,
      },
    ],
  },
  changes: () => import('./changes'),
});
