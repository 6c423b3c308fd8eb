/**
 * /student/events: the family's calendar: a month view (holidays of the school and of the family's
 * classes marked, Sundays too) and the events coming up, holidays badged. Read from the mirror,
 * which holds only what reaches this student or parent, so it opens offline after one sync.
 */
import { useMemo, useState } from 'react';
import { t } from '../../i18n';
import { LoadingStatus } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import type { KakshaDb } from '../../../sync';
import { MonthCalendar } from './MonthCalendar';
import { audienceLabel, dateLabel, eventsBetween, readEventsMirror, timeLabel, todayIso } from './queries';
import { eventsTexts as text } from './texts';
import './events.css';

/** How far ahead the list looks. */
const upcomingDays = 60;

async function readFamilyCalendar(db: KakshaDb) {
  const [mirror, students] = await Promise.all([readEventsMirror(db), db.students.toArray()]);
  const classIds = [...new Set(students.map((row) => row.classId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  return { ...mirror, classIds };
}

export default function StudentEventsPage() {
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readFamilyCalendar, []);
  const today = todayIso();
  const [month, setMonth] = useState(today.slice(0, 7));
  const until = useMemo(() => new Date(Date.parse(`${today}T00:00:00Z`) + upcomingDays * 86_400_000).toISOString().slice(0, 10), [today]);
  const upcoming = useMemo(() => (mirror ? eventsBetween(mirror.events, today, until) : []), [mirror, today, until]);

  return (
    <main className="page ev-page">
      <PageHeader title={t.titles.events} backTo="/student" />
      {!engine && <p className="alert alert-info">{text.noEngine}</p>}
      {engine && !mirror && <LoadingStatus text={text.loading} />}
      {mirror && <MonthCalendar month={month} onMonthChange={setMonth} events={mirror.events} today={today} classIds={mirror.classIds} />}
      {mirror && (
        <section className="panel" aria-labelledby="ev-upcoming">
          <h2 id="ev-upcoming">{text.student.upcoming}</h2>
          {upcoming.length === 0 && <p>{text.student.noneUpcoming}</p>}
          <ul className="ev-list">
            {upcoming.map((row) => (
              <li key={row.id} className="ev-card" data-kind={row.kind}>
                <h3>
                  {row.title}
                  {row.kind === 'holiday' && <span className="ev-badge">{text.student.holidayBadge}</span>}
                  {row.startDate <= today && <span className="ev-badge">{text.student.today}</span>}
                </h3>
                <p className="ev-meta">
                  {dateLabel(row)} · {timeLabel(row)} · {text.kinds[row.kind]} · {audienceLabel(row.audience, mirror.classes)}
                </p>
                {row.description && <p>{row.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
