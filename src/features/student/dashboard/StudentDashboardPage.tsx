/** /student: the student and parent dashboard (spec section 2). */
import { t } from '../../../i18n';
import { headlineOf, tilesOf } from '../../../navigation/dashboard-tiles';
import { studentSections } from '../../../navigation/sections';
import { currentSchool } from '../../../session/session-rules';
import { sessionStore } from '../../../session/session-store';
import { useSessionSnapshot } from '../../../session/use-session';
import { AreaDashboard } from '../../../ui/AreaDashboard';
import { useHomeworkTile } from '../../../kit/homework-week';
import { useNotificationsTile } from '../../../kit/notifications-unread';

const tiles = tilesOf(studentSections);

export default function StudentDashboardPage() {
  const { session } = useSessionSnapshot();
  const shown = useNotificationsTile(useHomeworkTile(tiles, '/student/homework'), '/student/notifications');
  const headline = headlineOf(session, currentSchool(sessionStore.stores)?.schoolName ?? null);
  return <AreaDashboard title={t.dashboard.studentTitle} tiles={shown} {...headline} />;
}
