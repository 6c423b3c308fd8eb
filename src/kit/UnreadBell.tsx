/** The dashboards' header bell: a link to the notifications with the unread count on it. */
import { Link } from 'react-router';
import { BellIcon } from '../ui/icons';
import { unreadBellLabel } from './notifications-unread';

export function UnreadBell({ to, count }: { to: string; count: number | undefined }) {
  const label = unreadBellLabel(count ?? 0);
  return (
    <Link to={to} className="icon-button unread-bell" aria-label={label} title={label}>
      <BellIcon />
      {count !== undefined && count > 0 && (
        <span className="unread-bell-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
