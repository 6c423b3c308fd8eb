/** /student: each child's day, the week's events and the unread notifications, from the device's mirror. */
import { useLanguage } from '../../../i18n';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AsOf } from '../../../kit/AsOf';
import { WaitForFirstSync } from '../../../kit/WaitForFirstSync';
import { eventsThisWeek, isoToday } from '../../../kit/dashboard-day';
import { classWithSection } from '../../../kit/profile-rows';
import { useMirrorQueryAfterFirstSync } from '../../../sync-binding/use-mirror-query';
import { shortDate } from '../../../ui/dates';
import { ChildCard } from './ChildCard';
import { childDays, readFamily } from './child-day';
import { childDayTexts as text } from './texts';
import '../../../ui/glance.css';
import { classesTable } from '../../../../sync/modules/classes';

/** Each child's day: no count shows before these have arrived. */
const familyGlanceNeeds = ['students', 'classes', 'attendance', 'homework', 'homeworkDone', 'feeReceipts', 'exams', 'events'] as const;

export function FamilyGlance({ unread }: { unread: number | undefined }) {
  useLanguage();
  const today = isoToday();
  const mirror = useMirrorQueryAfterFirstSync(async (db) => ({ ...(await readFamily(db, today)), classes: await db.tableOf(classesTable).toArray() }), [today]);
  const children = useMemo(() => (mirror ? childDays(mirror) : undefined), [mirror]);
  const events = useMemo(() => (mirror ? eventsThisWeek(mirror.events) : []), [mirror]);
  const classOf = (id: string | null) => {
    const klass = mirror?.classes.find((row) => row.id === id);
    return klass ? (classWithSection(klass.className, klass.classSection) ?? klass.className) : '';
  };
  return (
    <section className="glance" aria-labelledby="glance-heading">
      <div className="glance-head">
        <h2 id="glance-heading">{text.heading}</h2>
        <AsOf />
      </div>
      <WaitForFirstSync needs={familyGlanceNeeds}>
        {!mirror || !children ? (
          <p role="status">{text.loading}</p>
        ) : (
          <div className="glance-grid">
            {children.length === 0 && <p>{text.noChildren}</p>}
            {children.map((child) => (
              <ChildCard key={child.student.id} child={child} subjects={mirror.subjects} className={classOf(child.student.classId)} />
            ))}
            <section className="panel glance-panel" aria-labelledby="glance-events">
              <h3 id="glance-events">{text.events}</h3>
              {events.length === 0 ? (
                <p>{text.noEvents}</p>
              ) : (
                <ul className="glance-list">
                  {events.map((row) => (
                    <li key={row.id}>
                      <Link to="/student/events">
                        {shortDate(row.startDate)}
                        {row.endDate !== row.startDate ? `–${shortDate(row.endDate)}` : ''}: {row.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <h3 id="glance-notifications">{text.notifications}</h3>
              <p className={unread ? 'glance-big' : undefined}>
                <Link to="/student/notifications">{unread === undefined ? text.loading : text.unread({ count: unread })}</Link>
              </p>
            </section>
          </div>
        )}
      </WaitForFirstSync>
    </section>
  );
}
