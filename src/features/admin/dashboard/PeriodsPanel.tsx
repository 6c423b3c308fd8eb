/** A teacher's periods today, each class a link to its attendance sheet for today. */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { teacherDayTexts as text } from './texts';
import type { MyPeriod } from './teacher-day';
import type { TodayMirror } from './today';
import { clockTime } from '../../../ui/dates';
import { useLanguage } from '../../../i18n';

/** "9:30 am, Period 2, Maths:"; without the subject when the period has none. */
const periodLine = (time: string, period: string, subject: string) => (subject ? text.lineWithSubject({ time, period, subject }) : text.line({ time, period }));

export function PeriodsPanel({ periods, mirror, today }: { periods: readonly MyPeriod[]; mirror: Pick<TodayMirror, 'classes' | 'subjects'>; today: string }) {
  useLanguage();
  const className = (id: string) => {
    const klass = mirror.classes.find((row) => row.id === id);
    return klass ? (classWithSection(klass.className, klass.classSection) ?? klass.className) : '';
  };
  return (
    <section className="panel glance-panel" aria-labelledby="glance-periods">
      <h3 id="glance-periods">{text.heading}</h3>
      {periods.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <ol className="glance-list">
          {periods.map(({ period, entry, substitute }) => (
            <li key={`${entry.id}-${substitute}`}>
              {periodLine(clockTime(period.startTime), period.name, mirror.subjects.find((row) => row.id === entry.subjectId)?.subjectName ?? '')}{' '}
              <Link to={`/admin/mark-attendance?classId=${entry.classId}&date=${today}`}>{className(entry.classId)}</Link>
              {substitute && <span className="glance-note"> {text.substitute}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

