/** Students present, absent and not yet marked today, and the classes to mark (each opens its sheet). */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { Figure } from './Figure';
import { dashboardTexts } from './texts';
import type { AttendanceToday } from './today';
import { useLanguage } from '../../../i18n';

const text = dashboardTexts.attendance;

export function AttendancePanel({ figures, today, heading = text.heading, waiting = 0 }: { figures: AttendanceToday; today: string; heading?: string; waiting?: number }) {
  useLanguage();
  const register = `/admin/attendance?date=${today}`;
  const open = figures.present + figures.absent + figures.notMarked > 0 || figures.classesNotMarked.length > 0;
  return (
    <section className="panel glance-panel" aria-labelledby="glance-attendance">
      <h3 id="glance-attendance">{heading}</h3>
      {!open && figures.closedClasses > 0 ? (
        <p>{text.closedAll}</p>
      ) : (
        <>
          <dl className="glance-figures">
            <Figure label={text.present} value={figures.present} to={register} />
            <Figure label={text.absent} value={figures.absent} to={register} alert={figures.absent > 0} />
            <Figure label={text.notMarked} value={figures.notMarked} to="/admin/mark-attendance" alert={figures.notMarked > 0} />
          </dl>
          {figures.closedClasses > 0 && <p className="glance-note">{text.closed({ count: figures.closedClasses })}</p>}
          {waiting > 0 && <p className="glance-note">{text.waiting({ count: waiting })}</p>}
          <h4 id="glance-unmarked">{text.classesHeading}</h4>
          {figures.classesNotMarked.length === 0 ? (
            <p>{text.allMarked}</p>
          ) : (
            <ul className="glance-chips" aria-labelledby="glance-unmarked">
              {figures.classesNotMarked.map((klass) => (
                <li key={klass.id}>
                  <Link to={`/admin/mark-attendance?classId=${klass.id}&date=${today}`}>{text.mark({ name: classWithSection(klass.className, klass.classSection) ?? klass.className })}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
