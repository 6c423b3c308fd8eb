/** Homework: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.homework;

const HomeworkPage = lazyPage(() => import('./HomeworkPage'));
const HomeworkFormPage = lazyPage(() => import('./HomeworkFormPage'));
const StudentHomeworkPage = lazyPage(() => import('./StudentHomeworkPage'));

const icon = (
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </>
);

export const homeworkFeature = defineFeature({
  name: 'homework',
  sections: {
    admin: [
      { needs: ['homework', 'homeworkDone', 'classes', 'students', 'subjects', 'classSubjects'], path: '/homework', title: () => titles.homework, page: <HomeworkPage />, tile: { icon, order: 100 } },
      { needs: ['homework', 'classes', 'subjects', 'classSubjects'], path: '/homework/add', title: () => titles.addHomework, back: '/homework', page: <HomeworkFormPage /> },
    ],
    student: [{ needs: ['homework', 'homeworkDone', 'students', 'classes', 'subjects'], path: '/homework', title: () => titles.homework, page: <StudentHomeworkPage />, tile: { icon, order: 20 } }],
  },
  changes: () => import('./changes'),
  keep: (db, _tenantId, role) => import('./keep-family-files').then(({ keepFamilyFiles }) => keepFamilyFiles(db, role)),
});
