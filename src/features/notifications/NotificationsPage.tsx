/**
 * /admin/notifications: the notifications this device holds (an admin's: the school's; a teacher's:
 * what she sent and what was sent to her), newest first, searched and paged, each with its audience,
 * sender, publish time and, online, how many of its audience have read it (the school counts the
 * readers' marks). Admins change and withdraw any; a teacher her own. Below, the staff member's own
 * inbox: what was sent to them, unread marked. What the school sent by itself (an absence alert) an
 * admin opens read only, with its deliveries. Last, for admins, the school's WhatsApp and SMS
 * (MessagingSettingsPanel.tsx, online only).
 */
import { useLanguage } from '../../i18n';
import { noticeWords } from './words';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { NotificationRow } from '../../../sync/modules/notifications';
import {
  DeleteConfirmDialog,
  EditRemoveButtons,
  MirrorStatus,
  NoticeArea,
  PagerFor,
  RecordTable,
  SearchBar,
  useConfirmedDelete,
  useNotice,
  useSearchedPages,
  useStaffAccess,
  type Column,
} from '../../kit';
import { inboxOf } from '../../kit/notifications-unread';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDateTime } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { Inbox } from './Inbox';
import { MessagingSettingsPanel } from './MessagingSettingsPanel';
import { messagingTexts } from '../../kit/messaging-texts';
import { useMyUserId } from './me';
import { audienceText, mayChange, newestFirst, readIds, readNotificationsMirror } from './queries';
import { accountName, fetchAccounts, fetchReadFigures, type ReadFigures } from './school-reads';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { notificationTexts as text, notificationTitles } from './texts';
import './notifications.css';
import { notificationMessages } from '../../../contract/notifications';

export interface NotificationView extends NotificationRow {
  /** The title, by which the withdraw question names it. */
  name: string;
  audienceText: string;
  sender: string;
  when: string;
  reads: string;
  mayChange: boolean;
}

/** The list's columns, in the language of the moment. */
function notificationColumns(): Column<NotificationView>[] {
  return [
  { key: 'title', header: text.columns.title, text: (row) => row.title },
  { key: 'audience', header: text.columns.audience, text: (row) => row.audienceText },
  { key: 'sentBy', header: text.columns.sentBy, text: (row) => row.sender },
  {
    key: 'publishAt',
    header: text.columns.publishAt,
    text: (row) => (row.published ? row.when : `${row.when} · ${text.scheduled}`),
    cell: (row) => (
      <>
        {row.when}
        {!row.published && <span className="nt-badge nt-badge-scheduled"> {text.scheduled}</span>}
      </>
    ),
  },
  { key: 'reads', header: text.columns.reads, text: (row) => row.reads, className: 'rk-num' },
  ];
}

const unsearchedKeys = new Set(['reads', 'publishAt']);

function readsText(row: NotificationRow, figures: ReturnType<typeof useSchoolFetch<Map<string, ReadFigures>>>): string {
  if (figures.status === 'offline' || figures.status === 'failed') return text.readsOffline;
  if (figures.status === 'loading') return text.readsLoading;
  const found = figures.value.get(row.id);
  if (!found) return row.rev === 0 ? text.waiting : text.readsLoading;
  const { readCount: read, audienceSize: size } = found;
  return size === 0 ? text.readsNone({ read }) : text.reads({ read, size, percent: Math.round((read / size) * 100) });
}

export default function NotificationsPage() {
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const online = useOnline();
  const me = useMyUserId();
  const mirror = useMirrorQuery(readNotificationsMirror, []);
  const [notice, setNotice] = useNotice();
  const language = useLanguage();
  const revKey = useMemo(() => (mirror ? mirror.notifications.map((row) => `${row.id}:${row.rev}`).join(',') : ''), [mirror]);
  const figures = useSchoolFetch(fetchReadFigures, Boolean(mirror), online, revKey, { keepStale: true });
  const accounts = useSchoolFetch(fetchAccounts, access.isAdmin, online, '');
  const names = useMemo(() => new Map(accounts.status === 'ok' ? accounts.value.map((account) => [account.id, accountName(account)]) : []), [accounts]);

  const rows = useMemo<NotificationView[]>(() => {
    if (!mirror) return [];
    return [...mirror.notifications].sort(newestFirst).map((row) => {
      const words = noticeWords(row, language);
      return {
        ...row,
        ...words,
        name: words.title,
        audienceText: audienceText(row.audience, mirror.classes),
        sender: row.sentBy === null ? text.sender.school : row.sentBy === me ? text.sender.you : (names.get(row.sentBy) ?? text.sender.staff),
        when: shortDateTime(row.publishAt),
        reads: readsText(row, figures),
        mayChange: mayChange(row, access.isAdmin, me),
      };
    });
  }, [mirror, me, names, figures, access.isAdmin, language]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => notificationColumns(), [language]);
  const searchColumns = useMemo(() => columns.filter((column) => !unsearchedKeys.has(column.key)), [columns]);

  const inbox = useMemo(() => (mirror ? inboxOf(mirror.notifications, { staff: true, userId: me }).sort(newestFirst) : []), [mirror, me]);
  const reads = useMemo(() => readIds(mirror?.reads ?? []), [mirror]);

  const { found, paging, searchBar } = useSearchedPages(rows, searchColumns);
  const navigate = useNavigate();
  const removal = useConfirmedDelete<NotificationView>({
    remove: engine ? (row) => engine.mutate('notifications.delete', { id: row.id }) : null,
    deleted: notificationMessages.deleted,
    cancelled: text.withdrawCancelled,
    failed: (row, reason) => text.withdrawFailed({ title: row.title, reason }),
    fallbackReason: text.withdrawFallback,
    setNotice,
  });

  return (
    <main className="page records-page nt-page">
      <PageHeader
        title={notificationTitles.notifications}
        backTo="/admin"
        right={
          <Link className="btn btn-primary" to="/admin/addnotification">
            {text.add}
          </Link>
        }
      />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      <NoticeArea notice={notice} />
      {mirror && (
        <section className="panel">
          <div className="rk-toolbar">
            <SearchBar {...searchBar} />
          </div>
          {!access.isAdmin && <p className="field-hint">{text.teacherNote}</p>}
          <p className="field-hint">{figures.status === 'failed' ? text.readsFailed : text.readsNote}</p>
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            captionHidden
            stackOnPhone
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={mirror.notifications.length === 0 ? text.empty : text.noMatch}
            actions={(row) =>
              row.mayChange && (
                <EditRemoveButtons
                  editText={row.sentBy === null ? messagingTexts.notice.open : text.edit}
                  editLabel={row.sentBy === null ? messagingTexts.notice.openLabel({ title: row.title }) : text.editLabel({ title: row.title })}
                  removeText={text.withdraw}
                  removeLabel={text.withdrawLabel({ title: row.title })}
                  disabled={!engine}
                  onEdit={() => void navigate(`/admin/editnotification/${encodeURIComponent(row.id)}`)}
                  onRemove={() => removal.ask(row)}
                />
              )
            }
          />
          <PagerFor paging={paging} />
        </section>
      )}
      {mirror && (
        <section className="nt-inbox" aria-labelledby="nt-staff-inbox">
          <h2 id="nt-staff-inbox">{text.inbox.heading}</h2>
          <Inbox items={inbox} reads={reads} emptyText={text.inbox.empty} />
        </section>
      )}
      {access.isAdmin && <MessagingSettingsPanel />}
      <DeleteConfirmDialog flow={removal} texts={{ confirmTitle: text.withdrawTitle, confirmDelete: text.withdraw, cancel: text.cancel, confirmBody: (title) => text.withdrawQuestion({ title }) }} />
    </main>
  );
}
