/**
 * One student on the marking sheet: name and roll number, four big status choices as a radio group
 * (one tap chooses; arrow keys move within the group), and an optional remark.
 */
import { memo, useId, useState } from 'react';
import { attendanceStatuses, type AttendanceStatus } from '../../../contract/attendance';
import { t, useLanguage } from '../../i18n';
import type { MarkChoice } from './choices';
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
  /** The school kept another mark over the one she chose: both are shown and she chooses. */
  choice?: MarkChoice;
  onChoose?: (choice: MarkChoice, keep: 'yours' | 'school') => void;
  onChange: (studentId: string, mark: Mark) => void;
}

const status = (value: AttendanceStatus) => t.attendanceStatus[value];

type StatusLine = (values: { status: string }) => string;
type StatusRemarkLine = (values: { status: string; remark: string }) => string;

/** "At the school: Absent (bus late)", or without the brackets when the mark has no remark. */
const withRemark = (plain: StatusLine, remarked: StatusRemarkLine, markStatus: string, remark: string) =>
  remark ? remarked({ status: markStatus, remark }) : plain({ status: markStatus });

/** Both marks of a student and the two ways out, on the student's own row. */
function BothMarks({ name, choice, onChoose }: { name: string; choice: MarkChoice; onChoose?: MarkRowProps['onChoose'] }) {
  useLanguage();
  const headingId = useId();
  return (
    <div className="mark-both" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="mark-both-heading">
        {text.sheet.both({ name })}
      </p>
      <p className="mark-both-versions">
        <span>{choice.school ? withRemark(text.sheet.school, text.sheet.schoolWithRemark, status(choice.school.status), choice.school.remark) : text.sheet.schoolDeleted}</span>
        <span>{withRemark(text.sheet.yours, text.sheet.yoursWithRemark, status(choice.yours.status), choice.yours.remark)}</span>
      </p>
      <div className="mark-both-actions">
        <button type="button" className="btn btn-primary" onClick={() => onChoose?.(choice, 'yours')}>
          {text.sheet.keepYours({ status: status(choice.yours.status) })}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onChoose?.(choice, 'school')}>
          {choice.school ? text.sheet.keepSchools({ status: status(choice.school.status) }) : text.sheet.keepDeleted}
        </button>
      </div>
    </div>
  );
}

export const MarkRow = memo(function MarkRow({ studentId, name, roll, mark, edited, choice, onChoose, onChange }: MarkRowProps) {
  useLanguage();
  const id = useId();
  const [remarkOpen, setRemarkOpen] = useState(mark.remark !== '');
  const remarkId = `${id}-remark`;
  return (
    <li className="mark-row" data-status={mark.status} data-edited={edited || undefined} data-student={studentId} data-choose={choice ? true : undefined}>
      <div className="mark-who">
        {roll && <span className="mark-roll" aria-label={text.roll({ roll })}>{roll}</span>}
        <span className="mark-name">{name}</span>
      </div>
      {choice && <BothMarks name={name} choice={choice} onChoose={onChoose} />}
      <fieldset className="mark-choice">
        <legend className="visually-hidden">{text.statusFor({ name })}</legend>
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
        aria-label={text.addRemark({ name })}
        title={text.addRemark({ name })}
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
          aria-label={text.addRemark({ name })}
          placeholder={text.remarkPlaceholder}
          value={mark.remark}
          onChange={(event) => onChange(studentId, { ...mark, remark: event.target.value })}
        />
      </div>
    </li>
  );
});
