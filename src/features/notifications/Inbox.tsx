/**
 * A user's notifications as a list of cards, newest first, the unread ones marked: opening one
 * shows its message and link and marks it read through the outbox (so on a plane too; the mark
 * shows at once and reaches the school once). The family page and the staff inbox share it.
 */
import { useLanguage } from '../../i18n';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import type { NotificationReadRow, NotificationRow } from '../../../sync/modules/notifications';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { shortDateTime } from '../../ui/dates';
import { notificationTexts as text } from './texts';
import { noticeWords } from './words';

export function Inbox({ items, reads, emptyText }: { items: readonly NotificationRow[]; reads: ReadonlyMap<string, NotificationReadRow>; emptyText: string }) {
  const language = useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const [openId, setOpenId] = useState<string | null>(null);
  // Read at once on the screen; the mirror has the mark by the time the write resolves.
  const [marking, setMarking] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();

  const open = async (row: NotificationRow) => {
    const opening = openId !== row.id;
    setOpenId(opening ? row.id : null);
    if (!opening || !engine || reads.has(row.id) || marking.has(row.id)) return;
    setMarking((current) => new Set(current).add(row.id));
    try {
      await engine.mutate('notifications.read', { notificationId: row.id });
    } catch (error) {
      report.failed(error, messages.network.unexpected);
    }
    setMarking((current) => {
      const next = new Set(current);
      next.delete(row.id);
      return next;
    });
  };

  if (items.length === 0) return <p className="panel">{emptyText}</p>;
  return (
    <ul className="nt-cards">
      {items.map((row) => {
        const mark = reads.get(row.id);
        const unread = !mark && !marking.has(row.id);
        const opened = openId === row.id;
        const bodyId = `${baseId}-${row.id}`;
        const words = noticeWords(row, language);
        return (
          <li key={row.id} className="panel nt-card" data-unread={unread || undefined}>
            <div className="nt-card-head">
              <h3>{words.title}</h3>
              {unread && <span className="nt-badge">{text.family.unread}</span>}
            </div>
            <p className="nt-meta">
              {text.family.published({ when: shortDateTime(row.publishAt) })}
              {mark && ` · ${text.family.readAt({ when: shortDateTime(mark.readAt) })}`}
            </p>
            <button type="button" className="btn btn-secondary" aria-expanded={opened} aria-controls={bodyId} aria-label={text.family.openLabel({ title: words.title })} onClick={() => void open(row)}>
              {opened ? text.family.close : text.family.open}
            </button>
            {opened && (
              <div id={bodyId} className="nt-body">
                <p className="nt-message">{words.message}</p>
                {row.link && (
                  <Link className="btn btn-primary" to={row.link}>
                    {text.family.goTo}
                  </Link>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
