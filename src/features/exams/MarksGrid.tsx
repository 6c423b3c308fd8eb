/**
 * One grid of marks: an exam's class and subject, students down. On a desktop the keyboard runs it
 * (type, Enter or ↓ to the next student, ↑ back); on a phone one student at a time with previous and
 * next. A value the school would refuse is refused in place and not saved; a good one is saved when
 * the cell is left, through the outbox, so a grid typed offline reaches the school when the device
 * is back online (one sheet: edits of a grid merge while waiting).
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../../../contract/messages';
import type { Paper } from '../../../contract/exams';
import type { StudentRow } from '../../../sync';
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

interface GridRowProps {
  student: StudentRow;
  index: number;
  savedText: string;
  writable: boolean;
  gradedOnly: boolean;
  /** Saves the typed value; answers why it was refused, or null. */
  onCommit: (studentId: string, typed: string) => Promise<string | null>;
  onMove: (index: number) => void;
  register: (index: number, element: HTMLInputElement | null) => void;
}

/** One student's cell: its draft lives here, so a keystroke re-renders this row only. */
const GridRow = memo(function GridRow({ student, index, savedText, writable, gradedOnly, onCommit, onMove, register }: GridRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(student);
  const errorId = `ex-cell-error-${student.id}`;

  // The school's copy caught up with what was typed: show it from there.
  useEffect(() => {
    setDraft((current) => (current !== null && current.trim().toUpperCase() === savedText.toUpperCase() ? null : current));
  }, [savedText]);

  const commit = async () => {
    if (draft === null) return;
    const problem = await onCommit(student.id, draft);
    setError(problem);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      void commit();
      onMove(event.key === 'ArrowUp' ? index - 1 : index + 1);
    }
  };

  return (
    <tr data-invalid={error ? true : undefined}>
      <td>{rollText(student)}</td>
      <th scope="row">{name}</th>
      <td>
        <input
          ref={(element) => register(index, element)}
          className="field-input ex-cell"
          inputMode={gradedOnly ? 'text' : 'decimal'}
          autoComplete="off"
          aria-label={text.grid.cellLabel(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={!writable}
          value={draft ?? savedText}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onBlur={() => void commit()}
          onKeyDown={onKey}
        />
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        )}
      </td>
    </tr>
  );
});

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
  const [reason, setReason] = useState('');
  const [single, setSingle] = useState(narrow);
  const [at, setAt] = useState(0);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const reasonId = useId();
  const students = useMemo(() => data?.students ?? [], [data]);

  useEffect(() => {
    if (single) inputs.current[at]?.focus();
  }, [single, at]);

  // The rows hold stable callbacks; these refs give them the latest values.
  const latest = useRef({ engine, report, saved, reason, locked, students, single });
  latest.current = { engine, report, saved, reason, locked, students, single };

  const onCommit = useCallback(
    async (studentId: string, typed: string): Promise<string | null> => {
      const now = latest.current;
      if (!now.engine) return null;
      if (typed.trim().toUpperCase() === (now.saved.get(studentId) ?? '').toUpperCase()) return null;
      const parsed = parseCell(studentId, typed, paper, scale);
      if (!parsed.ok) return parsed.message;
      if (now.locked && now.reason.trim() === '') return messages.marks.locked;
      const engineNow = now.engine;
      const sheet = { examId: exam.id, classId: paper.classId, subjectId: paper.subjectId, entries: [parsed.entry], ...(now.locked ? { reason: now.reason.trim() } : {}) };
      await now.report.attempt(() => engineNow.mutate('marks.enterSheet', sheet), messages.marks.saved);
      return null;
    },
    [exam.id, paper, scale],
  );

  const onMove = useCallback((index: number) => {
    const now = latest.current;
    const next = Math.max(0, Math.min(now.students.length - 1, index));
    if (now.single) setAt(next);
    else inputs.current[next]?.focus();
  }, []);

  const register = useCallback((index: number, element: HTMLInputElement | null) => {
    inputs.current[index] = element;
  }, []);

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
            return (
              <GridRow
                key={student.id}
                student={student}
                index={index}
                savedText={saved.get(student.id) ?? ''}
                writable={writable}
                gradedOnly={paper.gradedOnly}
                onCommit={onCommit}
                onMove={onMove}
                register={register}
              />
            );
          })}
        </tbody>
      </table>
      {single && students.length > 0 && (
        <div className="ex-grid-nav">
          <button type="button" className="btn btn-secondary" disabled={at === 0} onClick={() => onMove(at - 1)}>
            {text.grid.previous}
          </button>
          <span>{text.grid.position(at + 1, students.length)}</span>
          <button type="button" className="btn btn-primary" disabled={at >= students.length - 1} onClick={() => onMove(at + 1)}>
            {text.grid.next}
          </button>
        </div>
      )}
    </section>
  );
}
