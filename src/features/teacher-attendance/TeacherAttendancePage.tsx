/**
 * /admin/teacher-attendance: an admin marks the staff of a date, everyone present until changed,
 * one tap per status (present, absent, half day, leave with its type), a remark; saved as one sheet
 * through the outbox, so offline too, and sent once. Only the marks she changed and the unmarked
 * teachers go (these as marks nobody chose, which the school's own marks overrule); a changed mark
 * the school kept another over is in the sync panel's "changed elsewhere".
 * A teacher is pointed to the monthly register, where they see their own month.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type LeaveType, leaveTypes, monthYearOf, teacherAttendanceMessages, type TeacherStatus, teacherStatuses } from '../../../contract/teacher-attendance';
import { holidayOn, isSunday } from '../../../contract/working-days';
import { MirrorStatus, useStaffAccess, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { bottomBarRef } from '../../ui/bottom-bar';
import { readStaffMirror, todayIso } from './queries';
import { teacherAttendanceTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { useLanguage } from '../../i18n';
import './teacher-attendance.css';

interface Mark {
  status: TeacherStatus;
  leaveType: LeaveType | null;
  remark: string;
}

const present: Mark = { status: 'present', leaveType: null, remark: '' };
const same = (a: Mark, b: Mark) => a.status === b.status && a.leaveType === b.leaveType && a.remark.trim() === b.remark.trim();

export default function TeacherAttendancePage() {
  useLanguage();
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const report = useWriteReport();
  const mirror = useMirrorQuery(readStaffMirror, []);
  const dateId = useId();
  const [date, setDate] = useState(todayIso());
  const [draft, setDraft] = useState<Record<string, Mark>>({});

  const stored = useMemo(() => {
    const byTeacher: Record<string, Mark> = {};
    for (const mark of mirror?.marks ?? []) if (mark.date === date) byTeacher[mark.teacherId] = { status: mark.status, leaveType: mark.leaveType, remark: mark.remark };
    return byTeacher;
  }, [mirror, date]);
  useEffect(() => setDraft({}), [date]);

  const markOf = (teacherId: string): Mark => draft[teacherId] ?? stored[teacherId] ?? present;
  const changed = (mirror?.teachers ?? []).filter((row) => !same(markOf(row.id), stored[row.id] ?? present) || !stored[row.id]).length;
  const unsaved = Object.keys(draft).filter((id) => !same(draft[id]!, stored[id] ?? present)).length;
  const holiday = holidayOn(date, mirror?.events ?? []);
  const away = (mirror?.teachers ?? []).filter((row) => markOf(row.id).status === 'absent' || markOf(row.id).status === 'leave').length;

  const set = (teacherId: string, values: Partial<Mark>) => {
    const next = { ...markOf(teacherId), ...values };
    if (next.status !== 'leave') next.leaveType = null;
    else next.leaveType ??= 'casual';
    setDraft((current) => ({ ...current, [teacherId]: next }));
  };

  const save = async () => {
    if (!engine || !mirror) return;
    // What she changed, and the teachers with no mark yet as the sheet starts them (present): a
    // mark nobody chose, which a mark the school already has overrules without a notice.
    const entries = mirror.teachers
      .filter((row) => draft[row.id] || !stored[row.id])
      .map((row) => ({ teacherId: row.id, ...markOf(row.id), remark: markOf(row.id).remark.trim(), ...(draft[row.id] ? {} : { assumed: true }) }));
    if (entries.length === 0) return;
    if (await report.attempt(() => engine.mutate('teacherAttendance.markSheet', { date, entries }), teacherAttendanceMessages.saved)) setDraft({});
  };

  return (
    <main className="page ta-page">
      <PageHeader title={staffTitles.teacherAttendance} backTo="/admin" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && (
        <>
          <div className="panel ta-controls">
            <div className="field">
              <label className="field-label" htmlFor={dateId}>
                {text.date}
              </label>
              <input id={dateId} type="date" className="field-input" value={date} onChange={(event) => event.target.value && setDate(event.target.value)} />
            </div>
            <Link className="btn btn-secondary" to={`/admin/teacher-attendance/monthly/${monthYearOf(date.slice(0, 7))}`}>
              {text.register}
            </Link>
          </div>
          {!access.isAdmin ? (
            <p className="alert alert-info">{text.adminsOnly}</p>
          ) : mirror.teachers.length === 0 ? (
            <p className="alert alert-info">{text.noStaff}</p>
          ) : (
            <section aria-labelledby={`${dateId}-caption`}>
              <h2 id={`${dateId}-caption`}>{text.caption({ date: shortDate(date) ?? date })}</h2>
              {isSunday(date) && <p className="alert alert-warning">{text.sunday}</p>}
              {holiday && <p className="alert alert-warning">{text.holiday({ title: holiday.title })}</p>}
              <p className="field-hint">
                {text.defaultPresent} {text.counts({ present: mirror.teachers.length - away, away })}
              </p>
              <ul className="ta-list">
                {mirror.teachers.map((row) => {
                  const name = `${row.firstName} ${row.lastName}`.trim();
                  const mark = markOf(row.id);
                  return (
                    <li key={row.id} className="panel ta-row" data-status={mark.status}>
                      <span className="ta-name">
                        {name}
                        {row.employeeId && <span className="ta-id"> · {row.employeeId}</span>}
                      </span>
                      <div className="ta-statuses" role="radiogroup" aria-label={text.statusOf({ name })}>
                        {teacherStatuses.map((status) => (
                          <button key={status} type="button" role="radio" aria-checked={mark.status === status} className="btn btn-secondary" onClick={() => set(row.id, { status })}>
                            {text.statuses[status === 'half_day' ? 'halfDay' : status]}
                          </button>
                        ))}
                      </div>
                      {mark.status === 'leave' && (
                        <select aria-label={text.leaveTypeOf({ name })} className="field-input" value={mark.leaveType ?? 'casual'} onChange={(event) => set(row.id, { leaveType: event.target.value as LeaveType })}>
                          {leaveTypes.map((type) => (
                            <option key={type} value={type}>
                              {text.leaveTypes[type]}
                            </option>
                          ))}
                        </select>
                      )}
                      <input aria-label={text.remarkOf({ name })} className="field-input ta-remark" placeholder={text.remark} maxLength={200} value={mark.remark} onChange={(event) => set(row.id, { remark: event.target.value })} />
                    </li>
                  );
                })}
              </ul>
              <div className="ta-savebar" ref={bottomBarRef}>
                {unsaved > 0 && <span role="status">{text.unsaved({ count: unsaved })}</span>}
                <button type="button" className="btn btn-primary" disabled={!engine || (unsaved === 0 && changed === 0)} onClick={() => void save()}>
                  {text.save}
                </button>
              </div>
            </section>
          )}
        </>
      )}
    </main>
  );
}
