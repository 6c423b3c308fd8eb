/** /admin: the admin and teacher dashboard (spec section 2). */
import { useEffect } from 'react';
import { t, useLanguage } from '../../../i18n';
import { headlineOf, tilesOf } from '../../../navigation/dashboard-tiles';
import { preloadAreaPages, useSections } from '../../../navigation/sections';
import { currentSchool } from '../../../session/session-rules';
import { sessionStore } from '../../../session/session-store';
import { useSessionSnapshot } from '../../../session/use-session';
import { firstScreenDrawn } from '../../../sync-binding/first-screen';
import { AreaDashboard } from '../../../ui/AreaDashboard';
import { useEventsTile } from '../../../kit/events-week';
import { useHomeworkTile } from '../../../kit/homework-week';
import { useTimetableTile } from './timetable-today';
import { useUnreadCount, withUnreadTile } from '../../../kit/notifications-unread';
import { UnreadBell } from '../../../kit/UnreadBell';
import { AdminGlance } from './AdminGlance';
import { TeacherGlance } from './TeacherGlance';

export default function AdminDashboardPage() {
  useLanguage();
  const { session } = useSessionSnapshot();
  const unread = useUnreadCount();
  const sections = useSections();
  const tiles = withUnreadTile(
    useTimetableTile(useEventsTile(useHomeworkTile(tilesOf(sections, 'admin', session?.role), '/admin/homework'), '/admin/events'), '/admin/timetable'),
    '/admin/notifications',
    unread,
  );
  // The screens a teacher opens most (marking attendance) are on the phone before the tap, loaded
  // after the dashboard's own figures (docs/decisions.md "Cold start").
  useEffect(() => {
    let cancel: (() => void) | undefined;
    let gone = false;
    void firstScreenDrawn().then(() => {
      if (!gone) cancel = preloadAreaPages(sections, 'admin');
    });
    return () => {
      gone = true;
      cancel?.();
    };
  }, [sections]);
  const headline = headlineOf(session, currentSchool(sessionStore.stores)?.schoolName ?? null);
  return (
    <AreaDashboard title={t.dashboard.adminTitle} tiles={tiles} headerExtra={<UnreadBell to="/admin/notifications" count={unread} />} {...headline}>
      {session?.role === 'admin' ? <AdminGlance /> : session?.role === 'teacher' ? <TeacherGlance /> : null}
    </AreaDashboard>
  );
}
