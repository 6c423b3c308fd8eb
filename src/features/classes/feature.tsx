/** Classes: the page and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const ClassesPage = lazyPage(() => import('./ClassesPage'));

const icon = (
  <>
    <rect x="3" y="4" width="18" height="12" rx="1" />
    <path d="M8 20h8M12 16v4M7 9h6" />
  </>
);

export const classesFeature = defineFeature({
  name: 'classes',
  sections: { admin: [{ needs: ['classes', 'students', 'teachers'], path: '/classes', title: () => titles.classes, page: <ClassesPage />, tile: { icon, order: 30 } }] },
  changes: () => import('./changes'),
});
