/** The last notification sent and how many of its audience have read it, as of the last sync. */
import { Link } from 'react-router';
import { noticeTexts as text } from './texts';
import type { LastNoticeReads } from './notice-reads';

export function NoticePanel({ figures }: { figures: LastNoticeReads | null }) {
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
              <Link to="/admin/notifications">{text.readBy(figures.counts.readCount, figures.counts.audienceSize, figures.percent)}</Link>
            </p>
          ) : (
            <p className="glance-note">{text.noFigures}</p>
          )}
        </>
      )}
    </section>
  );
}
