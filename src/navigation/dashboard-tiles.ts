/** Dashboard tiles and the signed-in user's headline, shared by the two area dashboards. */
import { messages } from '../../contract/messages';
import { listOf, roleLabel, t } from '../i18n';
import { sectionTitle } from './sections';
import { childrenOf, displayName, parentDisplayName, profileModelOf } from '../session/profile';
import type { Session } from '../session/session-rules';
import type { Tile } from '../ui/TileGrid';
import { tileSections, type AreaName, type Section } from './sections';

/** An area dashboard's tiles for a role: a teacher gets no tile of a screen the server refuses them. */
export function tilesOf(sections: readonly Section[], area: AreaName, role?: string | null): Tile[] {
  return tileSections(sections, area)
    .filter(({ tile }) => !tile?.roles || tile.roles.some((allowed) => allowed === role))
    .map((section) => ({ to: section.path, label: sectionTitle(section), icon: section.tile?.icon }));
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
      greeting: t.dashboard.welcome({ name: parentDisplayName(profile, session.username) }),
      detail: t.dashboard.parentOf({ children: listOf(children.length > 0 ? children : [name]) }),
    };
  }
  return { schoolName, greeting: t.dashboard.welcome({ name }), detail: roleLabel(session?.role) };
}
