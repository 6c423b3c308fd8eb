/**
 * One grid of marks: an exam's class and subject, students down. On a desktop the keyboard runs it
 * (type, Enter or ↓ to the next student, ↑ back); on a phone one student at a time with previous and
 * next. A value the school would refuse is refused in place and not saved; a good one is saved when
 * the cell is left, through the outbox, so a grid typed offline reaches the school when the device
 * is back online (one sheet: edits of a grid merge while waiting).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../../../contract/messages';
import type { Paper } from '../../../contract/exams';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import type { ExamRow } from '../../../sync/modules/exams';
import { marksTable } from '../../../sync/modules/exams';
import { cbseGradingScale } from '../../../contract/exams';
import { cellText, parseCell } from './cells';
import { classStudents, fullName, rollText } from './queries';
import { examTexts as text } from './texts';

export interface MarksGridProps {
  exam: ExamRow;
  paper: Paper;
  subjectName: string;
  className: string;
  /** The signed-in user may write this grid (the teaching rule). */
  writable: boolean;
}

const narrow = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 600px)').matches;

export function MarksGrid({ exam, paper, subjectName, className, writable }: MarksGridProps) {
  const engine = useSyncEngine();
  const report = useWriteReport();
  const scale = exam.grading ?? cbseGradingScale;
  const locked = Boolean(exam.published?.[paper.classId]);
  const data = useMirrorQuery(
    async (db) => ({
      students: await classStudents(db, paper.classId),
      marks: await db.tableOf(marksTable).where('[examId+classId+subjectId]').equals([exam.id, paper.classId, paper.subjectId]).toArray(),
    }),
    [exam.id, paper.classId, paper.subjectId],
  );
  const saved = useMemo(() => new Map((data?.marks ?? []).map((mark) => [mark.studentId, cellText(mark)])), [data]);
  const [drafts, setDrafts] = useState<Readonly<Record<string, string>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [reason, setReason] = useState('');
  const [single, setSingle] = useState(narrow);
  const [at, setAt] = useState(0);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const reasonId = useId();
  const students = data?.students ?? [];

  useEffect(() => {
    if (single) inputs.current[at]?.focus();
  }, [single, at]);

  const shown = (studentId: string) => drafts[studentId] ?? saved.get(studentId) ?? '';

  const commit = async (studentId: string) => {
    const typed = drafts[studentId];
    if (typed === undefined || !engine) return;
    if (typed.trim().toUpperCase() === (saved.get(studentId) ?? '').toUpperCase()) {
      setDrafts(({ [studentId]: _same, ...rest }) => rest);
      return;
    }
    const parsed = parseCell(studentId, typed, paper, scale);
    if (!parsed.ok) {
      setErrors((current) => ({ ...current, [studentId]: parsed.message }));
      return;
    }
    if (locked && reason.trim() === '') {
      setErrors((current) => ({ ...current, [studentId]: messages.marks.locked }));
      return;
    }
    setErrors(({ [studentId]: _fixed, ...rest }) => rest);
    const sheet = { examId: exam.id, classId: paper.classId, subjectId: paper.subjectId, entries: [parsed.entry], ...(locked ? { reason: reason.trim() } : {}) };
    await report.attempt(() => engine.mutate('marks.enterSheet', sheet), messages.marks.saved);
    setDrafts(({ [studentId]: _done, ...rest }) => rest);
  };

  const move = (index: number) => {
    const next = Math.max(0, Math.min(students.length - 1, index));
    if (single) setAt(next);
    else inputs.current[next]?.focus();
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>, index: number, studentId: string) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      void commit(studentId);
      move(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      void commit(studentId);
      move(index - 1);
    }
  };

  const filled = students.filter((student) => saved.get(student.id)).length;
  const visible = single ? students.slice(at, at + 1) : students;
  const caption = paper.gradedOnly ? text.grid.gradedCaption(scale.gradedOnly.join(', ')) : text.grid.caption(String(paper.maxMarks ?? ''));

  return (
    <section className="panel ex-grid" aria-labelledby="ex-grid-heading">
      <h2 id="ex-grid-heading">{text.grid.heading(subjectName, className)}</h2>
      <p className="ex-hint">{caption}</p>
      <p className="ex-hint" aria-live="polite">
        {text.grid.filled(filled, students.length)}
      </p>
      {!writable && <p className="alert alert-info">{text.grid.notYours}</p>}
      {writable && locked && (
        <div className="field">
          <p className="alert alert-info">{text.grid.locked}</p>
          <label className="field-label" htmlFor={reasonId}>
            {text.grid.reason}
          </label>
          <input id={reasonId} className="field-input" value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
        </div>
      )}
      <div className="ex-grid-modes" role="group" aria-label={text.grid.oneAtATime}>
        <button type="button" className="btn btn-secondary" aria-pressed={single} onClick={() => setSingle(true)}>
          {text.grid.oneAtATime}
        </button>
        <button type="button" className="btn btn-secondary" aria-pressed={!single} onClick={() => setSingle(false)}>
          {text.grid.allStudents}
        </button>
      </div>
      <table className="ex-table ex-grid-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.grid.roll}</th>
            <th scope="col">{text.grid.student}</th>
            <th scope="col">{paper.gradedOnly ? text.grid.grade : text.grid.marks}</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((student) => {
            const index = students.indexOf(student);
            const error = errors[student.id];
            const errorId = `ex-cell-error-${student.id}`;
            return (
              <tr key={student.id} data-invalid={error ? true : undefined}>
                <td>{rollText(student)}</td>
                <th scope="row">{fullName(student)}</th>
                <td>
                  <input
                    ref={(element) => {
                      inputs.current[index] = element;
                    }}
                    className="field-input ex-cell"
                    inputMode={paper.gradedOnly ? 'text' : 'decimal'}
                    autoComplete="off"
                    aria-label={text.grid.cellLabel(fullName(student))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    disabled={!writable}
                    value={shown(student.id)}
                    onChange={(event) => {
                      const value = event.target.value;
                      setDrafts((current) => ({ ...current, [student.id]: value }));
                      if (errors[student.id]) setErrors(({ [student.id]: _old, ...rest }) => rest);
                    }}
                    onBlur={() => void commit(student.id)}
                    onKeyDown={(event) => onKey(event, index, student.id)}
                  />
                  {error && (
                    <span id={errorId} className="field-error" role="alert">
                      {error}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {single && students.length > 0 && (
        <div className="ex-grid-nav">
          <button type="button" className="btn btn-secondary" disabled={at === 0} onClick={() => move(at - 1)}>
            {text.grid.previous}
          </button>
          <span>{text.grid.position(at + 1, students.length)}</span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={at >= students.length - 1}
            onClick={() => {
              const student = students[at];
              if (student) void commit(student.id);
              move(at + 1);
            }}
          >
            {text.grid.next}
          </button>
        </div>
      )}
    </section>
  );
}
