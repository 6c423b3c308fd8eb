/**
 * One student on the marking sheet: name and roll number, four big status choices as a radio group
 * (one tap chooses; arrow keys move within the group), and an optional remark.
 */
import { memo, useId, useState } from 'react';
import { attendanceStatuses, type AttendanceStatus } from '../../../contract/attendance';
import { t } from '../../i18n';
import { attendanceTexts as text } from './texts';

export interface Mark {
  status: AttendanceStatus;
  remark: string;
}

export interface MarkRowProps {
  studentId: string;
  name: string;
  roll: string | null;
  mark: Mark;
  /** Differs from what is saved on the device. */
  edited: boolean;
  /** The school kept another version of this student's mark (its status). */
  keptElsewhere?: AttendanceStatus | null;
  onChange: (studentId: string, mark: Mark) => void;
}

export const MarkRow = memo(function MarkRow({ studentId, name, roll, mark, edited, keptElsewhere, onChange }: MarkRowProps) {
  const id = useId();
  const [remarkOpen, setRemarkOpen] = useState(mark.remark !== '');
  const remarkId = `${id}-remark`;
  return (
    <li className="mark-row" data-status={mark.status} data-edited={edited || undefined} data-student={studentId}>
      <div className="mark-who">
        {roll && <span className="mark-roll" aria-label={text.roll(roll)}>{roll}</span>}
        <span className="mark-name">{name}</span>
        {keptElsewhere && (
          <span className="mark-conflict">{text.sheet.keptElsewhere(t.attendanceStatus[keptElsewhere])}</span>
        )}
      </div>
      <fieldset className="mark-choice">
        <legend className="visually-hidden">{text.statusFor(name)}</legend>
        {attendanceStatuses.map((status) => (
          <label key={status} className="mark-option" data-status={status}>
            <input
              type="radio"
              name={`${id}-status`}
              value={status}
              checked={mark.status === status}
              aria-label={t.attendanceStatus[status]}
              onChange={() => onChange(studentId, { ...mark, status })}
            />
            <span className="mark-short" aria-hidden="true">
              {text.short[status]}
            </span>
            <span className="mark-long" aria-hidden="true">
              {t.attendanceStatus[status]}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="mark-remark-toggle"
        aria-expanded={remarkOpen}
        aria-controls={remarkId}
        aria-label={text.addRemark(name)}
        title={text.addRemark(name)}
        data-has-remark={mark.remark !== '' || undefined}
        onClick={() => setRemarkOpen((open) => !open)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
          <path d="m13 7 4 4" />
        </svg>
      </button>
      <div className="mark-remark" id={remarkId} hidden={!remarkOpen}>
        <input
          className="field-input"
          type="text"
          maxLength={200}
          aria-label={text.addRemark(name)}
          placeholder={text.remarkPlaceholder}
          value={mark.remark}
          onChange={(event) => onChange(studentId, { ...mark, remark: event.target.value })}
        />
      </div>
    </li>
  );
});
