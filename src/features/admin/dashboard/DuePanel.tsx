/** Homework due today and the week's events, each line opening its screen. */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { shortDate } from '../../../ui/dates';
import type { ClassRow, SubjectRow } from '../../../../sync';
import type { EventRow } from '../../../../sync/modules/events';
import type { HomeworkRow } from '../../../../sync/modules/homework';
import { dashboardTexts } from './texts';
import { useLanguage } from '../../../i18n';

const text = dashboardTexts;

export function HomeworkDuePanel({ homework, classes, subjects, to }: { homework: readonly HomeworkRow[]; classes: readonly ClassRow[]; subjects: readonly SubjectRow[]; to: string }) {
  useLanguage();
  const className = (id: string) => {
    const klass = classes.find((row) => row.id === id);
    return klass ? (classWithSection(klass.className, klass.classSection) ?? klass.className) : '';
  };
  return (
    <section className="panel glance-panel" aria-labelledby="glance-homework">
      <h3 id="glance-homework">
        {text.homework.heading} <span className="glance-count">({homework.length})</span>
      </h3>
      {homework.length === 0 ? (
        <p>{text.homework.none}</p>
      ) : (
        <ul className="glance-list">
          {homework.map((row) => (
            <li key={row.id}>
              <Link to={to}>
                {[className(row.classId), subjects.find((subject) => subject.id === row.subjectId)?.subjectName, row.title].filter(Boolean).join(' · ')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function EventsPanel({ events, to }: { events: readonly EventRow[]; to: string }) {
  useLanguage();
  return (
    <section className="panel glance-panel" aria-labelledby="glance-events">
      <h3 id="glance-events">{text.events.heading}</h3>
      {events.length === 0 ? (
        <p>{text.events.none}</p>
      ) : (
        <ul className="glance-list">
          {events.map((row) => (
            <li key={row.id}>
              <Link to={to}>
                {shortDate(row.startDate)}
                {row.endDate !== row.startDate ? `–${shortDate(row.endDate)}` : ''}: {row.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
