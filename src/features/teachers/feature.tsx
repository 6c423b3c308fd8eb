/** Teachers: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const TeachersPage = lazyPage(() => import('./TeachersPage'));
const TeacherFormPage = lazyPage(() => import('./TeacherFormPage'));

const icon = (
  <>
    <circle cx="12" cy="7" r="3.5" />
    <path d="M5 21c.7-4 3.5-6.5 7-6.5s6.3 2.5 7 6.5" />
    <path d="m12 14.5 1.5 3-1.5 3.5-1.5-3.5Z" />
  </>
);

export const teachersFeature = defineFeature({
  name: 'teachers',
  sections: {
    admin: [
      { needs: ['teachers', 'classes', 'classSubjects'], path: '/teachers', title: () => titles.teachers, page: <TeachersPage />, tile: { icon, order: 60 } },
      { needs: ['teachers'], path: '/teachers/add', title: () => titles.addTeacher, back: '/teachers', page: <TeacherFormPage /> },
      { needs: ['teachers', 'classes', 'classSubjects'], path: '/teachers/edit/:teacherId', title: () => titles.editTeacher, back: '/teachers', page: <TeacherFormPage /> },
    ],
  },
  changes: () => import('./changes'),
});
