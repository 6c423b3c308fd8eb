/**
 * A teacher's leave balances this year on /admin/profile (allowed, taken, left of each type), read
 * from the school while online (`GET /api/leave/balances`); nothing for someone without a teacher
 * record. Applying is on /admin/leave.
 */
import { Link } from 'react-router';
import { readLeaveBalances } from '../../kit/leave-balances';
import { useLanguage } from '../../i18n';
import { useStaffAccess } from '../../kit/access';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { profileTexts } from './texts';

const text = profileTexts.staffLeave;

export function StaffLeavePanel() {
  useLanguage();
  const { teacherId } = useStaffAccess();
  const online = useOnline();
  const balances = useSchoolFetch((signal) => readLeaveBalances(teacherId ?? '', signal), Boolean(teacherId), online, teacherId ?? '');
  if (!teacherId) return null;
  return (
    <section className="panel settings-panel" aria-labelledby="profile-leave">
      <h2 id="profile-leave">{text.heading}</h2>
      {balances.status === 'ok' ? (
        <ul>
          {balances.value.map((row) => (
            <li key={row.kind}>{text.line({ kind: text.kinds[row.kind], taken: row.taken, left: row.left, allowed: row.allowed })}</li>
          ))}
        </ul>
      ) : (
        <p className="field-hint">{text.offline}</p>
      )}
      <Link to="/admin/leave">{text.apply}</Link>
    </section>
  );
}
