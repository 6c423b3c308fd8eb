/**
 * What both leave screens show: an application's line (dates, days, state, note, its file to open
 * for those the school lets open it), and the applicant's own list with its cancel buttons and the
 * file still waiting on this device to be sent.
 */
import { leaveMessages, type LeaveApplication } from '../../../contract/leave';
import { schoolTodayIso } from '../../../contract/record-formats';
import { useLanguage } from '../../i18n';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { shortDate } from '../../ui/dates';
import { LeaveFileLink, useWaitingFiles } from './attachment';
import { leaveTexts as text } from './texts';

export const byNewest = (a: LeaveApplication, b: LeaveApplication) => b.from.localeCompare(a.from) || b.createdAt.localeCompare(a.createdAt);

/** Cancelling is the applicant's, before the first day, while waiting or approved. */
export const mayCancel = (row: LeaveApplication) => (row.status === 'waiting' || row.status === 'approved') && schoolTodayIso() < row.from;

/** `mayOpenFile`: whether the school lets this user open the application's file (the applicant's side, those who decide). */
export function LeaveLine({ row, who, mayOpenFile = false, waitingFile }: { row: LeaveApplication; who?: string; mayOpenFile?: boolean; waitingFile?: string }) {
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
      {mayOpenFile && row.attachment && <LeaveFileLink row={row} attachment={row.attachment} />}
      {waitingFile && !row.attachment && <p className="leave-file-waiting">{text.file.waiting({ name: waitingFile })}</p>}
    </>
  );
}

/**
 * The applicant's applications, each with "Cancel this leave" while it may be (once the school has
 * it: one still on its way is not yet the school's to cancel).
 */
export function OwnLeaveList({ rows, heading, headingId, empty }: { rows: readonly LeaveApplication[]; heading: string; headingId: string; empty?: string }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const waiting = useWaitingFiles();
  const cancel = (id: string) => {
    if (engine) void report.attempt(() => engine.mutate('leave.cancel', { id }), leaveMessages.cancelled);
  };
  return (
    <section className="leave-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {rows.length === 0 && empty && <p className="panel">{empty}</p>}
      <ul className="leave-list">
        {rows.map((row) => (
          <li key={row.id} className="panel" data-status={row.status}>
            <LeaveLine row={row} mayOpenFile waitingFile={waiting.get(row.id)} />
            {mayCancel(row) && row.rev > 0 && (
              <button type="button" className="btn btn-secondary" onClick={() => cancel(row.id)}>
                {text.list.cancel}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
