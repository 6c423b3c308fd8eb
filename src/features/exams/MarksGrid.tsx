/**
 * One grid of marks: an exam's class and subject, students down. On a desktop the keyboard runs it
 * (type, Enter or ↓ to the next student, ↑ back); on a phone one student at a time with previous and
 * next. A value the school would refuse is refused in place and not saved. Good ones are held on the
 * page while the teacher types and go to the outbox together as one sheet when typing pauses, when
 * Enter leaves the last student, when focus leaves the grid, and when the grid closes or the page is
 * hidden: one outbox write, one sync and one re-read of the grid per pause instead of per cell, so
 * a keystroke never waits behind them (docs/decisions.md "Exams"). A grid typed offline reaches the
 * school when the device is back online. A paper whose date has not come says so, and its cells
 * open only after the person confirms they mean to enter marks before it.
 */
import { say, useLanguage } from '../../i18n';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Paper } from '../../../contract/exams';
import type { StudentRow } from '../../../sync';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { noteUnsent, settleUnsent } from '../../sync-binding/unsent-journal';
import type { ExamRow } from '../../../sync/modules/exams';
import { marksTable } from '../../../sync/modules/exams';
import { cbseGradingScale, markMessages } from '../../../contract/exams';
import type { CellInput } from '../../../sync/kinds/exams';
import { isoToday } from '../../kit/dashboard-day';
import { shortDate } from '../../ui/dates';
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

/** How long typing must pause before the held cells go to the outbox as one sheet. */
export const typingPauseMs = 1000;

const narrow = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 600px)').matches;

interface GridRowProps {
  student: StudentRow;
  index: number;
  savedText: string;
  writable: boolean;
  gradedOnly: boolean;
  /** Holds the typed value for the next sheet; answers why it was refused, or null. */
  onCommit: (studentId: string, typed: string) => string | null;
  onMove: (index: number) => void;
  register: (index: number, element: HTMLInputElement | null) => void;
  /** Lets the grid take the row's typed value (the grid closing, the page hidden). */
  enroll: (studentId: string, commit: (() => void) | null) => void;
}

/** One student's cell: its draft lives here, so a keystroke re-renders this row only. */
const GridRow = memo(function GridRow({ student, index, savedText, writable, gradedOnly, onCommit, onMove, register, enroll }: GridRowProps) {
  useLanguage();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(student);
  const errorId = `ex-cell-error-${student.id}`;

  // The school's copy caught up with what was typed: show it from there.
  useEffect(() => {
    setDraft((current) => (current !== null && current.trim().toUpperCase() === savedText.toUpperCase() ? null : current));
  }, [savedText]);

  const commit = () => {
    if (draft === null) return;
    setError(onCommit(student.id, draft));
  };
  const latestCommit = useRef(commit);
  latestCommit.current = commit;

  useEffect(() => {
    enroll(student.id, () => latestCommit.current());
    return () => enroll(student.id, null);
  }, [enroll, student.id]);

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      commit();
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
          aria-label={text.grid.cellLabel({ name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={!writable}
          value={draft ?? savedText}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onBlur={commit}
          onKeyDown={onKey}
        />
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {say(error)}
          </span>
        )}
      </td>
    </tr>
  );
});

export function MarksGrid({ exam, paper, subjectName, className, writable: mayWrite }: MarksGridProps) {
  useLanguage();
  const engine = useSyncEngine();
  // Marks of a paper whose day has not come are taken only once the person has said they mean it.
  const paperKey = `${exam.id}|${paper.classId}|${paper.subjectId}`;
  const early = paper.date > isoToday();
  const [earlyFor, setEarlyFor] = useState<string | null>(null);
  const waitingForYes = mayWrite && early && earlyFor !== paperKey;
  const writable = mayWrite && !waitingForYes;
  const report = useWriteReport();
  const scale = exam.grading ?? cbseGradingScale;
  const locked = Boolean(exam.published?.[paper.classId]);
  const data = useMirrorQuery(
    async (db) => ({
      students: await classStudents(db, paper.classId, exam.academicYear),
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
  const latest = useRef({ engine, report, saved, reason, locked, students, single, paper, scale });
  latest.current = { engine, report, saved, reason, locked, students, single, paper, scale };

  // Cells typed since the last sheet, by student (the latest value each).
  const held = useRef(new Map<string, CellInput>());
  const pause = useRef<ReturnType<typeof setTimeout> | null>(null);

  const send = useCallback(() => {
    if (pause.current !== null) clearTimeout(pause.current);
    pause.current = null;
    const now = latest.current;
    if (!now.engine || held.current.size === 0) return;
    const entries = [...held.current.values()];
    held.current.clear();
    const engineNow = now.engine;
    const sheet = { examId: exam.id, classId: paper.classId, subjectId: paper.subjectId, entries, ...(now.locked ? { reason: now.reason.trim() } : {}) };
    // Noted first: a send on the page's hide (a reload, a closed tab) outlives the document only there.
    const noted = noteUnsent(engineNow, 'marks.enterSheet', sheet);
    void now.report.attempt(() => engineNow.mutate('marks.enterSheet', sheet), markMessages.saved).then((stored) => {
      // Crossed out either way: a note left behind would be replayed at the next start over marks
      // typed after it. What was not stored (the device is full) the grid holds again and notes
      // afresh with its next send, unless typed over meanwhile.
      settleUnsent(engineNow, noted);
      if (stored) return;
      for (const entry of entries) if (!held.current.has(entry.studentId)) held.current.set(entry.studentId, entry);
    });
  }, [exam.id, paper.classId, paper.subjectId]);

  const onCommit = useCallback(
    (studentId: string, typed: string): string | null => {
      const now = latest.current;
      if (!now.engine) return null;
      if (typed.trim().toUpperCase() === (now.saved.get(studentId) ?? '').toUpperCase()) {
        held.current.delete(studentId);
        return null;
      }
      const parsed = parseCell(studentId, typed, now.paper, now.scale);
      if (!parsed.ok) return parsed.message;
      if (now.locked && now.reason.trim() === '') return markMessages.locked;
      held.current.set(studentId, parsed.entry);
      if (pause.current !== null) clearTimeout(pause.current);
      pause.current = setTimeout(send, typingPauseMs);
      return null;
    },
    [send],
  );

  const rows = useRef(new Map<string, () => void>());
  const enroll = useCallback((studentId: string, commit: (() => void) | null) => {
    if (commit) rows.current.set(studentId, commit);
    else rows.current.delete(studentId);
  }, []);

  // Closing the grid (another route, another grid) or hiding the page sends what is held and what
  // is typed in a cell not yet left.
  useEffect(() => {
    const enrolled = rows.current;
    const sendAll = () => {
      for (const commit of enrolled.values()) commit();
      send();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') sendAll();
    };
    window.addEventListener('pagehide', sendAll);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', sendAll);
      document.removeEventListener('visibilitychange', hidden);
      sendAll();
      enrolled.clear();
    };
  }, [send]);

  const onMove = useCallback(
    (index: number) => {
      const now = latest.current;
      if (index >= now.students.length) send();
      const next = Math.max(0, Math.min(now.students.length - 1, index));
      if (now.single) setAt(next);
      else inputs.current[next]?.focus();
    },
    [send],
  );

  // Focus left the grid's cells (not to another cell): send what is held. Runs after the cell's own blur.
  const onGridBlur = useCallback(
    (event: FocusEvent<HTMLTableSectionElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) send();
    },
    [send],
  );

  const register = useCallback((index: number, element: HTMLInputElement | null) => {
    inputs.current[index] = element;
  }, []);

  const filled = students.filter((student) => saved.get(student.id)).length;
  const visible = single ? students.slice(at, at + 1) : students;
  const caption = paper.gradedOnly ? text.grid.gradedCaption({ grades: scale.gradedOnly.join(', ') }) : text.grid.caption({ max: String(paper.maxMarks ?? '') });

  return (
    <section className="panel ex-grid" aria-labelledby="ex-grid-heading">
      <h2 id="ex-grid-heading">{text.grid.heading({ subject: subjectName, className })}</h2>
      <p className="ex-hint">{caption}</p>
      <p className="ex-hint" aria-live="polite">
        {text.grid.filled({ done: filled, of: students.length })}
      </p>
      {!mayWrite && <p className="alert alert-info">{text.grid.notYours}</p>}
      {mayWrite && early && (
        <div className="alert alert-warning ex-early" role={waitingForYes ? 'alert' : undefined}>
          <p>{text.grid.early({ subject: subjectName, className, date: shortDate(paper.date) ?? paper.date })}</p>
          {waitingForYes && (
            <button type="button" className="btn btn-secondary" onClick={() => setEarlyFor(paperKey)}>
              {text.grid.enterEarly}
            </button>
          )}
        </div>
      )}
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
        <tbody onBlur={onGridBlur}>
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
                enroll={enroll}
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
          <span>{text.grid.position({ at: at + 1, of: students.length })}</span>
          <button type="button" className="btn btn-primary" disabled={at >= students.length - 1} onClick={() => onMove(at + 1)}>
            {text.grid.next}
          </button>
        </div>
      )}
    </section>
  );
}
