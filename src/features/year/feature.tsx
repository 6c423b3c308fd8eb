/** The school year (src/kit/feature.ts): its turnover, admins only. */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const YearPage = lazyPage(() => import('./YearPage'));

const icon = (
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
    <path d="m9 15 2 2 4-4" />
  </>
);

export const yearFeature = defineFeature({
  name: 'year',
  sections: {
    // Starting a year is for admins (server/modules/years/routes.ts): a teacher gets no tile.
    admin: [{ needs: ['schoolYears', 'studentYears', 'classes', 'students'], path: '/year', title: () => titles.year, page: <YearPage />, tile: { icon, order: 175, roles: ['admin'] } }],
  },
});
