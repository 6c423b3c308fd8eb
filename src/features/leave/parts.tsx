/** What both leave screens show: an application's line (dates, days, state, note) and its cancel button. */
import type { LeaveApplication } from '../../../contract/leave';
import { schoolTodayIso } from '../../../contract/record-formats';
import { useLanguage } from '../../i18n';
import { shortDate } from '../../ui/dates';
import { leaveTexts as text } from './texts';

export const byNewest = (a: LeaveApplication, b: LeaveApplication) => b.from.localeCompare(a.from) || b.createdAt.localeCompare(a.createdAt);

/** Cancelling is the applicant's, before the first day, while waiting or approved. */
export const mayCancel = (row: LeaveApplication) => (row.status === 'waiting' || row.status === 'approved') && schoolTodayIso() < row.from;

export function LeaveLine({ row, who }: { row: LeaveApplication; who?: string }) {
  useLanguage();
  return (
    <>
      <p className="leave-line">
        {who && <strong>{who} · </strong>}
        {text.list.dates({ from: shortDate(row.from) ?? row.from, to: shortDate(row.to) ?? row.to })}
        {row.halfDay && ` · ${text.list.halfDay}`}
        {row.days > 0 && ` · ${text.list.days({ days: row.days })}`}
        {row.kind && ` · ${text.kinds[row.kind]}`}{' '}
        <span className="leave-status" data-status={row.status}>
          {text.status[row.status]}
        </span>
        {row.rev === 0 && <span className="leave-pending"> · {text.list.pending}</span>}
      </p>
      <p className="leave-reason">{row.reason}</p>
      {row.note && <p className="leave-note">{text.list.note({ note: row.note })}</p>}
    </>
  );
}
