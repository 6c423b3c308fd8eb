/** Teachers absent or on leave today and the periods left without a substitute, each opening the substitute picker for today. */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { dashboardTexts } from './texts';
import type { StaffToday, TodayMirror } from './today';
import { clockTime } from '../../../ui/dates';
import { useLanguage } from '../../../i18n';

const text = dashboardTexts.staff;

/** "Period 3 (10:30 am), VI A, Maths"; without the subject when the entry has none. */
const uncoveredLine = (line: { period: string; time: string; klass: string; subject: string }) =>
  line.subject ? text.uncoveredLineWithSubject(line) : text.uncoveredLine(line);

/** The timetable's substitution screen on `date`, scrolled to with the period's picker focused. */
export const substitutePicker = (date: string, entry?: { id: string; classId: string }) =>
  `/admin/timetable?${new URLSearchParams({ ...(entry ? { classId: entry.classId, entry: entry.id } : {}), substitutes: date })}`;

export function StaffPanel({ figures, mirror, today }: { figures: StaffToday; mirror: Pick<TodayMirror, 'classes' | 'subjects'>; today: string }) {
  useLanguage();
  const className = (id: string) => {
    const klass = mirror.classes.find((row) => row.id === id);
    return klass ? (classWithSection(klass.className, klass.classSection) ?? klass.className) : '';
  };
  const subjectName = (id: string) => mirror.subjects.find((row) => row.id === id)?.subjectName ?? '';
  return (
    <section className="panel glance-panel" aria-labelledby="glance-staff">
      <h3 id="glance-staff">{text.heading}</h3>
      {!figures.marked ? (
        <p className="glance-note glance-alert-text">
          <Link to="/admin/teacher-attendance">{text.notMarked}</Link>
        </p>
      ) : figures.away.length === 0 ? (
        <p>{text.noneAway}</p>
      ) : (
        <>
          <p className="glance-big">
            <Link to="/admin/teacher-attendance">{text.away({ count: figures.away.length })}</Link>
          </p>
          <ul className="glance-list">
            {figures.away.map(({ teacher, status }) => (
              <li key={teacher.id}>
                {teacher.firstName} {teacher.lastName}, {text.status[status === 'half_day' ? 'halfDay' : status]}
              </li>
            ))}
          </ul>
        </>
      )}
      {figures.away.length > 0 && (
        <>
          <h4 id="glance-uncovered">
            {figures.uncovered.length === 0 ? text.uncovered({ count: 0 }) : <Link to={substitutePicker(today)}>{text.uncovered({ count: figures.uncovered.length })}</Link>}
          </h4>
          {figures.uncovered.length > 0 && (
            <ul className="glance-list" aria-labelledby="glance-uncovered">
              {figures.uncovered.map(({ period, entry }) => (
                <li key={entry.id}>
                  <Link to={substitutePicker(today, entry)}>{uncoveredLine({ period: period.name, time: clockTime(period.startTime), klass: className(entry.classId), subject: subjectName(entry.subjectId) })}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
