/**
 * Attendance trends on the admin dashboard: a bar per working day (drawn with CSS, no chart
 * library on the first page) with the same figures as a table for screen readers, and the classes
 * this month lowest first, each opening its register.
 */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { useMirrorQuery } from '../../../sync-binding/use-mirror-query';
import { shortDate } from '../../../ui/dates';
import { StandingPanel } from './StandingPanel';
import { dashboardTexts, trendTexts as text } from './texts';
import { readTrends, type DayShare } from './trends';
import { useLanguage } from '../../../i18n';

const classesShown = 8;

function summary(daily: readonly DayShare[]): string {
  const marked = daily.filter((day) => day.percent !== null);
  if (marked.length === 0) return text.noMarks;
  const present = marked.reduce((sum, day) => sum + day.present, 0);
  const total = marked.reduce((sum, day) => sum + day.marked, 0);
  const lowest = marked.reduce((low, day) => (day.percent! < low.percent! ? day : low));
  return text.summary({ average: Math.round((present * 1000) / total) / 10, lowestDay: shortDate(lowest.date) ?? lowest.date, lowest: lowest.percent! });
}

export function TrendsPanel({ today }: { today: string }) {
  useLanguage();
  const trends = useMirrorQuery((db) => readTrends(db, today), [today]);
  return (
    <section className="glance-trends" aria-labelledby="glance-trends">
      <h2 id="glance-trends">{text.heading}</h2>
      <div className="glance-grid">
        {!trends ? (
          <p role="status" className="glance-note">
            {dashboardTexts.loading}
          </p>
        ) : (
          <>
            <figure className="panel glance-panel">
              <figcaption>
                <h3>{text.dailyHeading({ days: trends.daily.length })}</h3>
                <p className="glance-note">{summary(trends.daily)}</p>
              </figcaption>
              <div className="trend-bars" aria-hidden="true">
                {trends.daily.map((day) => (
                  <span key={day.date} className={day.percent === null ? 'trend-bar trend-none' : 'trend-bar'} style={{ height: `${day.percent ?? 4}%` }} title={`${shortDate(day.date)}: ${day.percent === null ? text.notMarked : `${day.percent}%`}`} />
                ))}
              </div>
              <div className="visually-hidden">
                <table>
                  <caption>{text.dailyHeading({ days: trends.daily.length })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{text.date}</th>
                      <th scope="col">{text.percent}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {trends.daily.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{shortDate(day.date)}</th>
                        <td>{day.percent === null ? text.notMarked : `${day.percent}% (${day.present}/${day.marked})`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </figure>
            <section className="panel glance-panel" aria-labelledby="glance-class-trend">
              <h3 id="glance-class-trend">{text.classHeading}</h3>
              <ol className="class-bars">
                {trends.classes.slice(0, classesShown).map(({ klass, percent }) => (
                  <li key={klass.id}>
                    <Link to={`/admin/attendance?classId=${klass.id}`}>
                      <span className="class-bar-name">{classWithSection(klass.className, klass.classSection) ?? klass.className}</span>
                      <span className="class-bar-value">{percent === null ? text.notMarked : `${percent}%`}</span>
                    </Link>
                    <span className="class-bar" aria-hidden="true">
                      <span style={{ width: `${percent ?? 0}%` }} />
                    </span>
                  </li>
                ))}
              </ol>
              {trends.classes.length > classesShown && (
                <p className="glance-note">
                  <Link to="/admin/attendance">{text.allClasses({ count: trends.classes.length })}</Link>
                </p>
              )}
            </section>
          </>
        )}
        {/* The year's standing reads every receipt: after the trends, so they never wait behind it. */}
        {trends && <StandingPanel today={today} />}
      </div>
    </section>
  );
}
