/**
 * A teacher's own attendance this month on /admin/profile: the register's totals of
 * their row (half days count as half), from the mirror, which holds their own marks. Nothing for
 * someone without a teacher record.
 */
import { useLanguage } from '../../i18n';
import { Link } from 'react-router';
import { monthYearOf, registerTotals } from '../../../contract/teacher-attendance';
import { workingDaysSoFar } from '../../../contract/working-days';
import type { KakshaDb } from '../../../sync';
import { eventsTable } from '../../../sync/modules/events';
import { teacherAttendanceTable } from '../../../sync/modules/teacher-attendance';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { monthYear } from '../../ui/dates';
import { useStaffAccess } from '../../kit/access';
import { profileTexts } from './texts';

const text = profileTexts.staffMonth;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

async function readMonth(db: KakshaDb, teacherId: string, month: string) {
  const [marks, events] = await Promise.all([
    db.tableOf(teacherAttendanceTable).where('date').between(`${month}-01`, `${month}-31`, true, true).toArray(),
    db.tableOf(eventsTable).toArray(),
  ]);
  return { marks: marks.filter((mark) => mark.teacherId === teacherId), events };
}

export function StaffMonthPanel() {
  useLanguage();
  const { teacherId } = useStaffAccess();
  const day = today();
  const month = day.slice(0, 7);
  const mirror = useMirrorQuery((db) => (teacherId ? readMonth(db, teacherId, month) : undefined), [teacherId, month]);
  if (!teacherId || !mirror) return null;
  const working = workingDaysSoFar(month, day, mirror.events);
  const totals = registerTotals(mirror.marks, working, day);
  const leave = totals.leave.casual + totals.leave.sick + totals.leave.earned + totals.leave.other;
  return (
    <section className="panel settings-panel" aria-labelledby="profile-staff-month">
      <h2 id="profile-staff-month">{text.heading({ month: monthYear(month) })}</h2>
      <p>{text.line({ attended: totals.attended, working: working.length })}</p>
      <p>{text.detail({ absent: totals.absent, halfDays: totals.halfDays, leave })}</p>
      <Link to={`/admin/teacher-attendance/monthly/${monthYearOf(month)}`} className="btn btn-secondary">
        {text.register}
      </Link>
    </section>
  );
}
