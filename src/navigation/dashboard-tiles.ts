/** Dashboard tiles and the signed-in user's headline, shared by the two area dashboards. */
import { messages } from '../../contract/messages';
import { roleLabel, t } from '../i18n';
import { childrenOf, displayName, parentDisplayName, profileModelOf } from '../session/profile';
import type { Session } from '../session/session-rules';
import type { Tile } from '../ui/TileGrid';
import { settingsSection, type Section } from './sections';

/** The dashboard's tiles for a role: a teacher gets no tile of a screen the server refuses them. */
export function tilesOf(sections: readonly Section[], role?: string | null): Tile[] {
  return [...sections, settingsSection]
    .filter((section) => section.tile && (!section.adminOnly || role === 'admin'))
    .map((section) => ({ to: section.path, label: t.titles[section.title], icon: section.title }));
}

export interface Headline {
  schoolName: string;
  greeting: string;
  detail: string;
}

export function headlineOf(session: Session | null, storedSchoolName: string | null): Headline {
  const profile = session?.profile;
  const name = displayName(profile, session?.username);
  const schoolName =
    profile?.schoolName || (profile && profileModelOf(profile).schoolName) || storedSchoolName || messages.ui.productName;
  if (session?.role === 'parent') {
    const children = childrenOf(profile).map((child) => displayName(child));
    return {
      schoolName,
      greeting: t.dashboard.welcome(parentDisplayName(profile, session.username)),
      detail: t.dashboard.parentOf(t.common.listOf(children.length > 0 ? children : [name])),
    };
  }
  return { schoolName, greeting: t.dashboard.welcome(name), detail: roleLabel(session?.role) };
}
