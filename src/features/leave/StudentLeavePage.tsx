/**
 * /student/leave: a parent (for the chosen child) or a student applies for leave and sees each
 * application's state (waiting, approved, declined with the teacher's note, cancelled), offline too:
 * an application made offline shows at once and reaches the school once, when it can.
 */
import { useMemo } from 'react';
import { leaveMessages } from '../../../contract/leave';
import { useLanguage } from '../../i18n';
import { ChildChooser, LoadingStatus, useChosenStudent, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { studentsTable } from '../../../sync/modules/students';
import { leaveTable } from '../../../sync/modules/leave';
import { LeaveForm } from './LeaveForm';
import { byNewest, LeaveLine, mayCancel } from './parts';
import { leaveTexts as text, leaveTitles } from './texts';
import './leave.css';

export default function StudentLeavePage() {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const mirror = useMirrorQuery(async (db) => ({ students: await db.tableOf(studentsTable).toArray(), leave: await db.tableOf(leaveTable).toArray() }), []);
  const students = useMemo(() => mirror?.students.slice().sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`)), [mirror]);
  const student = useChosenStudent(students);
  const rows = useMemo(() => (mirror && student ? mirror.leave.filter((row) => row.studentId === student.id).sort(byNewest) : []), [mirror, student]);

  const cancel = (id: string) => {
    if (engine) void report.attempt(() => engine.mutate('leave.cancel', { id }), leaveMessages.cancelled);
  };

  return (
    <main className="page leave-page">
      <PageHeader title={leaveTitles.leave} backTo="/student" />
      {!mirror && <LoadingStatus text={text.loading} />}
      <ChildChooser students={students} student={student} />
      {student && <LeaveForm key={student.id} who={{ studentId: student.id }} />}
      {student && (
        <section className="leave-section" aria-labelledby="leave-list">
          <h2 id="leave-list">{text.list.heading}</h2>
          {rows.length === 0 && <p className="panel">{text.list.empty}</p>}
          <ul className="leave-list">
            {rows.map((row) => (
              <li key={row.id} className="panel" data-status={row.status}>
                <LeaveLine row={row} />
                {mayCancel(row) && row.rev > 0 && (
                  <button type="button" className="btn btn-secondary" onClick={() => cancel(row.id)}>
                    {text.list.cancel}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
