/** /student: the student and parent dashboard (spec section 2). */
import { t, useLanguage } from '../../../i18n';
import { headlineOf, tilesOf } from '../../../navigation/dashboard-tiles';
import { useSections } from '../../../navigation/sections';
import { currentSchool } from '../../../session/session-rules';
import { sessionStore } from '../../../session/session-store';
import { useSessionSnapshot } from '../../../session/use-session';
import { AreaDashboard } from '../../../ui/AreaDashboard';
import { useEventsTile } from '../../../kit/events-week';
import { useFamilyHomeworkTile } from '../../../kit/homework-week';
import { useUnreadCount, withUnreadTile } from '../../../kit/notifications-unread';
import { UnreadBell } from '../../../kit/UnreadBell';
import { FamilyGlance } from './FamilyGlance';

export default function StudentDashboardPage() {
  useLanguage();
  const { session } = useSessionSnapshot();
  const unread = useUnreadCount();
  const tiles = tilesOf(useSections(), 'student', session?.role);
  const shown = withUnreadTile(useEventsTile(useFamilyHomeworkTile(tiles, '/student/homework'), '/student/events'), '/student/notifications', unread);
  const headline = headlineOf(session, currentSchool(sessionStore.stores)?.schoolName ?? null);
  return (
    <AreaDashboard title={t.dashboard.studentTitle} tiles={shown} headerExtra={<UnreadBell to="/student/notifications" count={unread} />} {...headline}>
      <FamilyGlance unread={unread} />
    </AreaDashboard>
  );
}
