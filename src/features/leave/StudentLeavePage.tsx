/**
 * /student/leave: a parent (for the chosen child) or a student applies for leave and sees each
 * application's state (waiting, approved, declined with the teacher's note, cancelled), offline too:
 * an application made offline shows at once and reaches the school once, when it can.
 */
import { useMemo } from 'react';
import { useLanguage } from '../../i18n';
import { ChildChooser, LoadingStatus, useChosenStudent } from '../../kit';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { studentsTable } from '../../../sync/modules/students';
import { leaveTable } from '../../../sync/modules/leave';
import { LeaveForm } from './LeaveForm';
import { byNewest, OwnLeaveList } from './parts';
import { leaveTexts as text, leaveTitles } from './texts';
import './leave.css';

export default function StudentLeavePage() {
  useLanguage();
  const mirror = useMirrorQuery(async (db) => ({ students: await db.tableOf(studentsTable).toArray(), leave: await db.tableOf(leaveTable).toArray() }), []);
  const students = useMemo(() => mirror?.students.slice().sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`)), [mirror]);
  const student = useChosenStudent(students);
  const rows = useMemo(() => (mirror && student ? mirror.leave.filter((row) => row.studentId === student.id).sort(byNewest) : []), [mirror, student]);

  return (
    <main className="page leave-page">
      <PageHeader title={leaveTitles.leave} backTo="/student" />
      {!mirror && <LoadingStatus text={text.loading} />}
      <ChildChooser students={students} student={student} />
      {student && <LeaveForm key={student.id} who={{ studentId: student.id }} />}
      {student && <OwnLeaveList rows={rows} heading={text.list.heading} headingId="leave-list" empty={text.list.empty} />}
    </main>
  );
}
