/** The last notification sent and how many of its audience have read it, as of the last sync. */
import { Link } from 'react-router';
import { noticeTexts as text } from './texts';
import type { LastNoticeReads } from './notice-reads';
import { useLanguage } from '../../../i18n';

export function NoticePanel({ figures }: { figures: LastNoticeReads | null }) {
  useLanguage();
  return (
    <section className="panel glance-panel" aria-labelledby="glance-notice">
      <h3 id="glance-notice">{text.heading}</h3>
      {!figures ? (
        <p>{text.none}</p>
      ) : (
        <>
          <p className="glance-note">
            <Link to="/admin/notifications">{figures.notification.title}</Link>
          </p>
          {figures.counts ? (
            <p className="glance-big">
              <Link to="/admin/notifications">{figures.percent === null ? text.readBy({ read: figures.counts.readCount, of: figures.counts.audienceSize }) : text.readByPercent({ read: figures.counts.readCount, of: figures.counts.audienceSize, percent: figures.percent })}</Link>
            </p>
          ) : (
            <p className="glance-note">{text.noFigures}</p>
          )}
        </>
      )}
    </section>
  );
}
