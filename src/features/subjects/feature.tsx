/** Subjects: the page and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const SubjectsPage = lazyPage(() => import('./SubjectsPage'));

const icon = (
  <>
    <path d="M4 19V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2Z" />
    <path d="M4 19a2 2 0 0 0 2 2h14M9 7h7" />
  </>
);

export const subjectsFeature = defineFeature({
  name: 'subjects',
  sections: { admin: [{ needs: ['subjects', 'classSubjects'], path: '/subjects', title: () => titles.subjects, page: <SubjectsPage />, tile: { icon, order: 80 } }] },
  changes: () => import('./changes'),
});
