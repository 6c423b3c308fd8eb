/**
 * The application form of both screens: from and to (tomorrow by default), a half day when it is
 * one day, the type for staff leave, the reason. Written to the device and sent when the school can
 * be reached (leave.create); the school's checks (school days, overlaps) answer then.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { leaveMessages, leaveTypes, type LeaveType } from '../../../contract/leave';
import { messages } from '../../../contract/messages';
import { schoolTodayIso } from '../../../contract/record-formats';
import { say, useLanguage } from '../../i18n';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { leaveTexts as text } from './texts';

const tomorrow = () => new Date(Date.parse(`${schoolTodayIso()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function LeaveForm({ who, staff = false, children }: { who: { studentId: string } | { teacherId: string }; staff?: boolean; children?: ReactNode }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const headingId = useId();
  const [from, setFrom] = useState(tomorrow);
  const [to, setTo] = useState(tomorrow);
  const [halfDay, setHalfDay] = useState(false);
  const [kind, setKind] = useState<LeaveType>('casual');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine || busy) return;
    const problem = !reason.trim() ? messages.records.fields.required(text.apply.reason) : to < from ? leaveMessages.toBeforeFrom : undefined;
    setError(problem);
    if (problem) return;
    setBusy(true);
    const done = await report.attempt(
      () => engine.mutate('leave.create', { ...who, from, to, halfDay: halfDay && from === to, ...(staff ? { kind } : {}), reason: reason.trim() }),
      leaveMessages.applied,
    );
    setBusy(false);
    if (done) setReason('');
  };

  return (
    <form className="panel leave-form" onSubmit={(event) => void submit(event)} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{text.apply.heading}</h2>
      {children}
      {staff && (
        <SelectField label={text.apply.kind} value={kind} onChange={(event) => setKind(event.target.value as LeaveType)}>
          {leaveTypes.map((value) => (
            <option key={value} value={value}>
              {text.kinds[value]}
            </option>
          ))}
        </SelectField>
      )}
      <div className="leave-dates">
        <TextField label={text.apply.from} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label={text.apply.to} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
      </div>
      {from === to && (
        <label className="fee-check">
          <input type="checkbox" checked={halfDay} onChange={(event) => setHalfDay(event.target.checked)} /> {text.apply.halfDay}
        </label>
      )}
      <TextAreaField label={text.apply.reason} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !engine}>
        {text.apply.submit}
      </button>
    </form>
  );
}
