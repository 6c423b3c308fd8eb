/**
 * /student/timetable: the week of the signed-in student's class, or of the parent's chosen child
 * (the child switcher as on /student/homework), with this week's substitutions. Read from the
 * mirror, which holds the family's classes' timetable, so it opens offline after one sync.
 */
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TimetableDay } from '../../../contract/timetable';
import type { StudentRow } from '../../../sync';
import { t } from '../../i18n';
import { LoadingStatus } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { openingDay, weekDates, weekOf } from './grid';
import { namesOf, readTimetableMirror, todayIso } from './queries';
import { timetableTexts as text } from './texts';
import { WeekGrid } from './WeekGrid';
import './timetable.css';

const fullName = (row: StudentRow) => `${row.firstName} ${row.lastName}`.trim();

export default function StudentTimetablePage() {
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readTimetableMirror, []);
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const [day, setDay] = useState<TimetableDay | null>(null);
  const today = todayIso();
  const students = useMemo(() => [...(mirror?.students ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b))), [mirror]);
  const student = students.find((row) => row.id === params.get('studentId')) ?? students[0];
  const names = useMemo(() => (mirror ? namesOf(mirror) : null), [mirror]);
  const classId = student?.classId ?? null;
  const columns = useMemo(
    () => (mirror && classId ? weekOf(mirror.periods, mirror.entries, { classId }, mirror.substitutions, weekDates(today)) : []),
    [mirror, classId, today],
  );

  return (
    <main className="page tt-page">
      <PageHeader title={t.titles.timetable} backTo="/student" />
      {!engine && <p className="alert alert-info">{text.noEngine}</p>}
      {engine && !mirror && <LoadingStatus text={text.loading} />}
      {mirror && students.length === 0 && <p className="alert alert-info">{text.student.noStudent}</p>}
      {students.length > 1 && (
        <div className="panel tt-controls no-print">
          <div className="field">
            <label className="field-label" htmlFor={selectId}>
              {text.student.choose}
            </label>
            <select
              id={selectId}
              className="field-input"
              value={student?.id ?? ''}
              onChange={(event) => setParams(new URLSearchParams({ studentId: event.target.value }), { replace: true })}
            >
              {students.map((row) => (
                <option key={row.id} value={row.id}>
                  {fullName(row)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
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
