/** A class's subjects, their teachers and its class teacher: the page and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const MappingPage = lazyPage(() => import('./MappingPage'));

const icon = (
  <>
    <circle cx="6" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <path d="M8.5 6h7M7.8 7.8l8.4 8.4" />
  </>
);

export const mappingFeature = defineFeature({
  name: 'mapping',
  sections: { admin: [{ needs: ['classSubjects', 'classes', 'subjects', 'teachers'], path: '/mapping', title: () => titles.mapping, page: <MappingPage />, tile: { icon, order: 90 } }] },
  changes: () => import('./changes'),
});
