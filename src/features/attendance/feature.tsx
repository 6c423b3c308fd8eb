/** Student attendance: pages and the sync panel's words for a sheet (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

// The screen a teacher opens most: fetched while the dashboard sits idle, so it is on the phone when
// they tap it (on 3G its chunks took ~700 ms after the tap; bench:offline part 4).
const MarkAttendancePage = lazyPage(() => import('./MarkAttendancePage'));
const ClassAttendancePage = lazyPage(() => import('./ClassAttendancePage'));
const StudentAttendancePage = lazyPage(() => import('./StudentAttendancePage'));

const icon = (
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
    <path d="m9 15 2 2 4-4" />
  </>
);

const markIcon = (
  <>
    <path d="M9 11l3 3 8-8" />
    <path d="M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h11" />
  </>
);

export const attendanceFeature = defineFeature({
  name: 'attendance',
  sections: {
    admin: [
      { needs: ['classes', 'students', 'attendance', 'classSubjects', 'events'], path: '/attendance', title: () => titles.attendance, page: <ClassAttendancePage />, tile: { icon, order: 40 } },
      {
        needs: ['classes', 'students', 'attendance', 'classSubjects', 'events'],
        path: '/mark-attendance',
        title: () => titles.markAttendance,
        back: '/attendance',
        page: <MarkAttendancePage />,
        tile: { icon: markIcon, order: 50 },
        preload: MarkAttendancePage.load,
      },
    ],
    student: [{ needs: ['students', 'classes', 'attendance', 'events'], path: '/attendance', title: () => titles.attendance, page: <StudentAttendancePage />, tile: { icon, order: 30 } }],
  },
  changes: () => import('./changes'),
});
