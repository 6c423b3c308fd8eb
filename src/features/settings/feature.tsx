/** /settings, for all four roles, with its tile at the end of both dashboards (src/kit/feature.ts). */
import { t } from '../../i18n';
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { settingsPath } from '../../navigation/sections';

const SettingsPage = lazyPage(() => import('./SettingsPage'));

const icon = (
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
  </>
);

export const settingsFeature = defineFeature({
  name: 'settings',
  sections: { everyone: [{ path: settingsPath, title: () => t.settings.title, back: '/home', page: <SettingsPage />, tile: { icon, order: 1000 } }] },
});
