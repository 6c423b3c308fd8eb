/** Students: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const StudentsPage = lazyPage(() => import('./StudentsPage'));
const StudentFormPage = lazyPage(() => import('./StudentFormPage'));

const icon = (
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .8 3.2 2.6 3.5 5.2" />
  </>
);

export const studentsFeature = defineFeature({
  name: 'students',
  sections: {
    admin: [
      { needs: ['students', 'classes', 'admissions', 'classSubjects'], path: '/students', title: () => titles.students, page: <StudentsPage />, tile: { icon, order: 20 } },
      { needs: ['students', 'classes', 'admissions'], path: '/students/add', title: () => titles.addStudent, back: '/students', page: <StudentFormPage /> },
      { needs: ['students', 'classes', 'admissions'], path: '/students/edit/:id', title: () => titles.editStudent, back: '/students', page: <StudentFormPage /> },
    ],
  },
  changes: () => import('./changes'),
});
