/** The school's details (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const SchoolsPage = lazyPage(() => import('./SchoolsPage'));

const icon = (
  <>
    <path d="m2 9 10-5 10 5-10 5L2 9Z" />
    <path d="M6 11v5c2 2 10 2 12 0v-5" />
  </>
);

export const schoolsFeature = defineFeature({
  name: 'schools',
  sections: { admin: [{ path: '/schools', title: () => titles.schools, page: <SchoolsPage />, tile: { icon, order: 170 } }] },
});
