/**
 * The application form of both screens: from and to (tomorrow by default), a half day when it is
 * one day, the type for staff leave, the reason, and a file if wanted (a medical certificate: a PDF
 * or a photo), chosen, shown and removable before applying. Written to the device and sent when the
 * school can be reached (leave.create); the school's checks (school days, overlaps) answer then.
 * The file waits in the device's file queue and goes once the application has reached the school
 * (attachment.tsx).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { leaveMessages, leaveTypes, type LeaveType } from '../../../contract/leave';
import { messages } from '../../../contract/messages';
import { schoolTodayIso } from '../../../contract/record-formats';
import { say, useLanguage } from '../../i18n';
import { useWriteReport } from '../../kit';
import { attachmentMegabytes } from '../../kit/attached-files';
import { sendWaitingFiles, useSyncEngine } from '../../sync-binding/hooks';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { acceptedFiles, leaveFileProblem, queueLeaveFile } from './attachment';
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
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const chooseFile = (list: FileList | null) => {
    const chosen = list?.[0];
    if (!chosen) return;
    const problem = leaveFileProblem(chosen);
    setFileError(problem ?? undefined);
    if (!problem) setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine || busy) return;
    const problem = !reason.trim() ? messages.records.fields.required(text.apply.reason) : to < from ? leaveMessages.toBeforeFrom : undefined;
    setError(problem);
    if (problem) return;
    setBusy(true);
    const done = await report.attempt(async () => {
      const result = await engine.mutate('leave.create', { ...who, from, to, halfDay: halfDay && from === to, ...(staff ? { kind } : {}), reason: reason.trim() });
      if (file) await queueLeaveFile(engine, String(result.result), file);
      return result;
    }, leaveMessages.applied);
    setBusy(false);
    if (done) {
      setReason('');
      setFile(null);
      if (file) sendWaitingFiles();
    }
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
      <TextField
        label={text.file.label}
        name="attachment"
        type="file"
        accept={acceptedFiles}
        hint={text.file.hint({ megabytes: attachmentMegabytes })}
        error={fileError}
        onChange={(event) => {
          chooseFile(event.target.files);
          event.target.value = '';
        }}
      />
      {file && (
        <p className="leave-chosen" role="status">
          {text.file.chosen({ name: file.name })}{' '}
          <button type="button" className="btn btn-secondary" aria-label={text.file.removeLabel({ name: file.name })} onClick={() => setFile(null)}>
            {text.file.remove}
          </button>
        </p>
      )}
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
