/** The timetable: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const TimetablePage = lazyPage(() => import('./TimetablePage'));
const TimetableFormPage = lazyPage(() => import('./TimetableFormPage'));
const StudentTimetablePage = lazyPage(() => import('./StudentTimetablePage'));

const icon = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>
);

export const timetableFeature = defineFeature({
  name: 'timetable',
  sections: {
    admin: [
      { needs: ['timetablePeriods', 'timetable', 'timetableLimits', 'timetableSubstitutions', 'classes', 'subjects', 'classSubjects', 'teachers', 'teacherAttendance'], path: '/timetable', title: () => titles.timetable, page: <TimetablePage />, tile: { icon, order: 130 } },
      { needs: ['timetablePeriods', 'timetable', 'timetableLimits', 'classes', 'subjects', 'classSubjects', 'teachers'], path: '/timetable/add', title: () => titles.addTimetable, back: '/timetable', page: <TimetableFormPage /> },
      { needs: ['timetablePeriods', 'timetable', 'timetableLimits', 'classes', 'subjects', 'classSubjects', 'teachers'], path: '/timetable/edit/:id', title: () => titles.editTimetable, back: '/timetable', page: <TimetableFormPage /> },
    ],
    student: [{ needs: ['timetablePeriods', 'timetable', 'timetableSubstitutions', 'students', 'classes', 'subjects', 'classSubjects', 'teachers'], path: '/timetable', title: () => titles.timetable, page: <StudentTimetablePage />, tile: { icon, order: 40 } }],
  },
  changes: () => import('./changes'),
});
