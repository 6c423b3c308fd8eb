/** Account approvals (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { staffTitles as titles } from '../../kit/staff-titles';

const AccountsPage = lazyPage(() => import('./AccountsPage'));

const icon = (
  <>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </>
);

export const accountsFeature = defineFeature({
  name: 'accounts',
  sections: {
    // Every /accounts route is admin-only (server/modules/accounts/routes.ts): a teacher gets no tile.
    admin: [{ needs: ['students', 'teachers', 'classes'], path: '/accounts', title: () => titles.accounts, page: <AccountsPage />, tile: { icon, order: 180, roles: ['admin'] } }],
  },
});
