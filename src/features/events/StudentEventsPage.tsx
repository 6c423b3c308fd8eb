/**
 * /student/events: the family's calendar: a month view (holidays of the school and of the family's
 * classes marked, Sundays too) and the events coming up, holidays badged. Read from the mirror,
 * which holds only what reaches this student or parent, so it opens offline after one sync. A
 * parent of children in several classes chooses one child, or sees all of them together.
 */
import { useLanguage } from '../../i18n';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MirrorStatus } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import type { KakshaDb } from '../../../sync';
import { MonthCalendar } from './MonthCalendar';
import { audienceLabel, dateLabel, eventsBetween, readEventsMirror, timeLabel, todayIso } from './queries';
import { eventsTexts as text, eventsTitles } from './texts';
import './events.css';
import { studentsTable } from '../../../sync/modules/students';

/** How far ahead the list looks. */
const upcomingDays = 60;

async function readFamilyCalendar(db: KakshaDb) {
  const [mirror, students] = await Promise.all([readEventsMirror(db), db.tableOf(studentsTable).toArray()]);
  const children = students
    .filter((row): row is typeof row & { classId: string } => typeof row.classId === 'string' && row.classId !== '')
    .map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), classId: row.classId }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { ...mirror, children };
}

export default function StudentEventsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readFamilyCalendar, []);
  const today = todayIso();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const child = mirror?.children.find((row) => row.id === params.get('studentId'));
  const classIds = useMemo(() => (child ? [child.classId] : [...new Set((mirror?.children ?? []).map((row) => row.classId))]), [child, mirror]);
  // Everything on the device reaches this family; a class event is one child's only.
  const events = useMemo(
    () => (mirror?.events ?? []).filter((row) => !child || row.audience.kind !== 'classes' || row.audience.classIds.includes(child.classId)),
    [mirror, child],
  );
  const until = useMemo(() => new Date(Date.parse(`${today}T00:00:00Z`) + upcomingDays * 86_400_000).toISOString().slice(0, 10), [today]);
  const upcoming = useMemo(() => eventsBetween(events, today, until), [events, today, until]);
  const classesDiffer = new Set((mirror?.children ?? []).map((row) => row.classId)).size > 1;

  return (
    <main className="page ev-page">
      <PageHeader title={eventsTitles.events} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && classesDiffer && (
        <div className="panel ev-filters">
          <div className="field">
            <label className="field-label" htmlFor={selectId}>
              {text.student.child}
            </label>
            <select
              id={selectId}
              className="field-input"
              value={child?.id ?? ''}
              onChange={(event) => setParams(event.target.value ? new URLSearchParams({ studentId: event.target.value }) : new URLSearchParams(), { replace: true })}
            >
              <option value="">{text.student.allChildren}</option>
              {mirror.children.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {mirror && <MonthCalendar month={month} onMonthChange={setMonth} events={events} today={today} classIds={classIds} />}
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
