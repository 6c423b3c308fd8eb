/**
 * /student/notifications: a family's inbox, newest first, the unread ones marked; opening one marks
 * it read (through the outbox, so offline too) and its link opens the screen it names. Read from
 * the mirror, which holds only what reaches this user, so it opens offline after one sync.
 */
import { useLanguage } from '../../i18n';
import { useMemo } from 'react';
import { MirrorStatus } from '../../kit';
import { useUnreadCount } from '../../kit/notifications-unread';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { Inbox } from './Inbox';
import { newestFirst, readIds, readNotificationsMirror } from './queries';
import { notificationTexts as text, notificationTitles } from './texts';
import './notifications.css';

export default function StudentNotificationsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readNotificationsMirror, []);
  const unread = useUnreadCount();
  const items = useMemo(() => (mirror ? mirror.notifications.filter((row) => row.published).sort(newestFirst) : []), [mirror]);
  const reads = useMemo(() => readIds(mirror?.reads ?? []), [mirror]);

  return (
    <main className="page nt-page">
      <PageHeader title={notificationTitles.notifications} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && (
        <section aria-labelledby="nt-inbox">
          <h2 id="nt-inbox" className="nt-count" aria-live="polite">
            {text.family.unreadCount({ count: unread ?? 0 })}
          </h2>
          <Inbox items={items} reads={reads} emptyText={text.family.empty} />
        </section>
      )}
    </main>
  );
}
