/**
 * /student/homework: the homework of the signed-in student's class, or of the parent's chosen
 * child (the child switcher as on /student/attendance), due soon first and overdue marked, each
 * with its done mark, which the student or the parent ticks (through the outbox, so offline too).
 * Read from the mirror, which holds only this family's classes' homework, so it opens offline
 * after one sync; attachments open offline once opened or kept, and a parent's device holds the
 * files of the last four weeks ahead of their opening (keep-family-files.ts).
 */
import { useLanguage } from '../../i18n';
import { useEffect, useMemo, useState } from 'react';
import type { StudentRow } from '../../../sync';
import { ChildChooser, MirrorStatus, useChosenStudent, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { useOnline } from '../../kit/use-online';
import { useSessionSnapshot } from '../../session/use-session';
import { AttachmentList } from './AttachmentList';
import { keepFamilyFiles } from './keep-family-files';
import { compareForStudent, doneKeys, dueState, readHomeworkMirror, todayIso } from './queries';
import { homeworkTexts as text, homeworkTitles } from './texts';
import './homework.css';
import { homeworkMessages } from '../../../contract/homework';

const fullName = (row: StudentRow) => `${row.firstName} ${row.lastName}`.trim();

export default function StudentHomeworkPage() {
  useLanguage();
  const engine = useSyncEngine();
  const online = useOnline();
  const role = useSessionSnapshot().session?.role;
  // A parent's files of the last four weeks come ahead while the screen is open online too.
  useEffect(() => {
    if (engine && online) keepFamilyFiles(engine.db, role).catch(() => undefined);
  }, [engine, online, role]);
  const report = useWriteReport();
  const mirror = useMirrorQuery(readHomeworkMirror, []);
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b))), [mirror]);
  const student = useChosenStudent(students);
  const today = todayIso();

  // The tick shows at once; the mirror has the mark by the time the write resolves.
  const [ticking, setTicking] = useState<Readonly<Record<string, boolean>>>({});
  const list = useMemo(() => {
    if (!mirror || !student) return [];
    const subjectById = new Map(mirror.subjects.map((row) => [row.id, row.subjectName]));
    const marked = doneKeys(mirror.done);
    return mirror.homework
      .filter((row) => row.classId === student.classId)
      .sort(compareForStudent(today))
      .map((row) => {
        const key = `${student.id}|${row.id}`;
        return { ...row, subjectName: subjectById.get(row.subjectId) ?? '', done: ticking[key] ?? marked.has(key) };
      });
  }, [mirror, student, today, ticking]);

  const toggle = async (homeworkId: string, done: boolean) => {
    if (!engine || !student) return;
    const key = `${student.id}|${homeworkId}`;
    setTicking((current) => ({ ...current, [key]: done }));
    await report.attempt(
      () => engine.mutate('homework.done', { homeworkId, studentId: student.id, done }),
      done ? homeworkMessages.markedDone : homeworkMessages.markedNotDone,
    );
    setTicking(({ [key]: _settled, ...rest }) => rest);
  };

  return (
    <main className="page hw-page">
      <PageHeader title={homeworkTitles.homework} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && students.length === 0 && <p className="alert alert-info">{text.student.noStudent}</p>}
      <ChildChooser students={students} student={student} className="hw-controls" />
      {student && mirror && (
        <section aria-labelledby="hw-student-list">
          <h2 id="hw-student-list" className={students.length > 1 ? undefined : 'visually-hidden'}>
            {fullName(student)}
          </h2>
          {list.length === 0 && <p className="panel">{text.student.empty}</p>}
          <ul className="hw-cards">
            {list.map((row) => {
              const state = dueState(row.dueDate, today);
              return (
                <li key={row.id} className="panel hw-card" data-due={state} data-done={row.done || undefined}>
                  <div className="hw-card-head">
                    <h3>{row.title}</h3>
                    {state === 'overdue' && !row.done && <span className="hw-badge hw-badge-overdue">{text.student.overdue}</span>}
                    {state === 'today' && !row.done && <span className="hw-badge hw-badge-today">{text.student.dueToday}</span>}
                  </div>
                  <p className="hw-meta">
                    {row.subjectName} · {text.student.due({ date: shortDate(row.dueDate) ?? '' })} · {text.student.given({ date: shortDate(row.assignedDate) ?? '' })}
                  </p>
                  {row.description && <p className="hw-description">{row.description}</p>}
                  <AttachmentList homeworkId={row.id} date={row.assignedDate} attachments={row.attachments ?? []} />
                  <label className="hw-done">
                    <input type="checkbox" checked={row.done} disabled={!engine} aria-label={text.student.markDone({ title: row.title })} onChange={(event) => void toggle(row.id, event.target.checked)} />{' '}
                    {text.student.done}
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </main>
  );
}
