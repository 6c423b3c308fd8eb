/**
 * /student/timetable: the week of the signed-in student's class, or of the parent's chosen child
 * (the child switcher as on /student/homework), with this week's substitutions. Read from the
 * mirror, which holds the family's classes' timetable, so it opens offline after one sync.
 */
import { useMemo, useState } from 'react';
import type { TimetableDay } from '../../../contract/timetable';
import type { StudentRow } from '../../../sync';
import { ChildChooser, MirrorStatus, useChosenStudent } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { openingDay, weekDates, weekOf } from './grid';
import { namesOf, readTimetableMirror, todayIso } from './queries';
import { timetableTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { WeekGrid } from './WeekGrid';
import { useLanguage } from '../../i18n';
import './timetable.css';

const fullName = (row: StudentRow) => `${row.firstName} ${row.lastName}`.trim();

export default function StudentTimetablePage() {
  useLanguage();
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readTimetableMirror, []);
  const [day, setDay] = useState<TimetableDay | null>(null);
  const today = todayIso();
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b))), [mirror]);
  const student = useChosenStudent(students);
  const names = useMemo(() => (mirror ? namesOf(mirror) : null), [mirror]);
  const classId = student?.classId ?? null;
  const columns = useMemo(
    () => (mirror && classId ? weekOf(mirror.periods, mirror.entries, { classId }, mirror.substitutions, weekDates(today)) : []),
    [mirror, classId, today],
  );

  return (
    <main className="page tt-page">
      <PageHeader title={staffTitles.timetable} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && students.length === 0 && <p className="alert alert-info">{text.student.noStudent}</p>}
      <ChildChooser students={students} student={student} className="tt-controls no-print" />
      {student && mirror && names && (
        <>
          {!classId && <p className="alert alert-info">{text.student.noClass}</p>}
          {classId && mirror.periods.length === 0 && <p className="alert alert-info">{text.noPeriods}</p>}
          {columns.length > 0 && (
            <WeekGrid
              columns={columns}
              names={names}
              show="teacher"
              owner={`${fullName(student)}, ${names.classes.get(classId ?? '') ?? ''}`}
              day={day ?? openingDay(mirror.periods, today)}
              onDay={setDay}
            />
          )}
        </>
      )}
    </main>
  );
}
