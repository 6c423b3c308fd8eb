/**
 * /admin/timetable: a class's week or a teacher's (a teacher opens on their own, with today's next
 * period), read from the mirror so it opens offline. Admins tap a cell to place or change a
 * subject, copy one day of a class onto another (clashes left out and named), give an absent
 * teacher's periods to free teachers, and set the bell schedule. Prints on one A4 landscape page.
 */
import { useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type TimetableDay, timetableDayOf, timetableMessages } from '../../../contract/timetable';
import { MirrorStatus, useStaffAccess, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { dayOf, nextPeriod, openingDay, planDayCopy, weekDates, weekOf, type Cell, type GridOwner } from './grid';
import { PeriodsEditor } from './PeriodsEditor';
import { classLabel, namesOf, nowTime, readTimetableMirror, teacherLabel, todayIso } from './queries';
import { SubstitutionPanel } from './SubstitutionPanel';
import { timetableTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { WeekGrid } from './WeekGrid';
import './timetable.css';
import { clockTime, weekdayName } from '../../ui/dates';
import { useLanguage } from '../../i18n';

type View = 'class' | 'teacher';

export default function TimetablePage() {
  useLanguage();
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const report = useWriteReport();
  const navigate = useNavigate();
  const mirror = useMirrorQuery(readTimetableMirror, []);
  const [params, setParams] = useSearchParams();
  // The dashboard's uncovered periods open the substitute picker (?substitutes=date&entry=id).
  const substitutes = params.get('substitutes');
  const entryParam = params.get('entry');
  const target = useMemo(() => (substitutes && /^\d{4}-\d{2}-\d{2}$/.test(substitutes) ? { date: substitutes, entryId: entryParam } : undefined), [substitutes, entryParam]);
  const ids = { view: useId(), class: useId(), teacher: useId(), from: useId(), to: useId() };
  const today = todayIso();
  const view: View = params.get('view') === 'teacher' || (!params.get('view') && !access.isAdmin && access.teacherId) ? 'teacher' : 'class';
  const [day, setDay] = useState<TimetableDay | null>(null);
  const [copy, setCopy] = useState<{ from: TimetableDay; to: TimetableDay }>({ from: 1, to: 2 });

  const names = useMemo(() => (mirror ? namesOf(mirror) : null), [mirror]);
  const teachers = useMemo(() => [...(mirror?.teachers ?? [])].sort((a, b) => teacherLabel(a).localeCompare(teacherLabel(b))), [mirror]);
  const classId = params.get('classId') ?? mirror?.classes[0]?.id ?? '';
  const teacherId = params.get('teacherId') ?? access.teacherId ?? teachers[0]?.id ?? '';
  const owner: GridOwner = view === 'class' ? { classId } : { teacherId };
  const ownerName = view === 'class' ? (names?.classes.get(classId) ?? '') : (names?.teachers.get(teacherId) ?? '');
  const dates = weekDates(today);
  const columns = useMemo(() => (mirror ? weekOf(mirror.periods, mirror.entries, owner, mirror.substitutions, dates) : []), [mirror, view, classId, teacherId, today]); // eslint-disable-line react-hooks/exhaustive-deps
  const shownDay = day ?? (mirror ? openingDay(mirror.periods, today) : 1);
  const todayNumber = timetableDayOf(today);
  const next =
    mirror && view === 'teacher' && teacherId === access.teacherId && todayNumber !== null
      ? nextPeriod(dayOf(mirror.periods, mirror.entries, { teacherId }, todayNumber, mirror.substitutions, today), nowTime())
      : undefined;

  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };

  const openCell = (cell: Cell) => {
    if (cell.entry) navigate(`/admin/timetable/edit/${cell.entry.id}`);
    else navigate(`/admin/timetable/add?${new URLSearchParams({ classId, periodId: cell.period.id })}`);
  };

  const copyDay = async () => {
    if (!engine || !mirror || !names) return;
    const plan = planDayCopy(mirror.periods, mirror.entries, classId, copy.from, copy.to);
    let done = 0;
    for (const input of plan.creates) if (await report.attempt(() => engine.mutate('timetable.create', input), timetableMessages.added)) done++;
    for (const input of plan.updates) if (await report.attempt(() => engine.mutate('timetable.update', input), timetableMessages.updated)) done++;
    const skipped = plan.skipped.map((one) => (one.clash ? `${one.periodName} (${names.classes.get(one.clash.other.classId) ?? ''})` : one.periodName));
    report.saved(skipped.length > 0 ? `${text.copied({ count: done })} ${text.copySkipped({ names: skipped.join(', ') })}` : text.copied({ count: done }));
  };

  return (
    <main className="page tt-page">
      <PageHeader title={staffTitles.timetable} backTo="/admin" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && names && (
        <>
          <div className="panel tt-controls no-print">
            <div className="field">
              <label className="field-label" htmlFor={ids.view}>
                {text.view}
              </label>
              <select id={ids.view} className="field-input" value={view} onChange={(event) => choose({ view: event.target.value })}>
                <option value="class">{text.classView}</option>
                <option value="teacher">{text.teacherView}</option>
              </select>
            </div>
            {view === 'class' ? (
              <div className="field">
                <label className="field-label" htmlFor={ids.class}>
                  {text.chooseClass}
                </label>
                <select id={ids.class} className="field-input" value={classId} onChange={(event) => choose({ classId: event.target.value })}>
                  {mirror.classes.map((row) => (
                    <option key={row.id} value={row.id}>
                      {classLabel(row)}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="field">
                <label className="field-label" htmlFor={ids.teacher}>
                  {text.chooseTeacher}
                </label>
                <select id={ids.teacher} className="field-input" value={teacherId} onChange={(event) => choose({ teacherId: event.target.value })}>
                  {teachers.map((row) => (
                    <option key={row.id} value={row.id}>
                      {row.id === access.teacherId ? `${teacherLabel(row)} (${text.myWeek})` : teacherLabel(row)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {text.print}
            </button>
            {access.isAdmin && view === 'class' && (
              <button type="button" className="btn btn-primary" onClick={() => navigate(`/admin/timetable/add?${new URLSearchParams({ classId })}`)}>
                {text.add}
              </button>
            )}
          </div>

          {next?.entry && (
            <p className="alert alert-info" role="status">
              {text.nextPeriod({ name: next.period.name, subject: names.subjects.get(next.entry.subjectId) ?? '', time: clockTime(next.period.startTime) })}
            </p>
          )}
          {mirror.periods.length === 0 && <p className="alert alert-info">{text.noPeriods}</p>}
          {columns.length > 0 && (
            <WeekGrid
              columns={columns}
              names={names}
              show={view === 'class' ? 'teacher' : 'class'}
              owner={ownerName}
              day={shownDay}
              onDay={setDay}
              onCell={access.isAdmin && view === 'class' ? openCell : undefined}
            />
          )}

          {access.isAdmin && view === 'class' && columns.length > 1 && (
            <section className="panel tt-controls no-print" aria-labelledby={`${ids.from}-heading`}>
              <h2 id={`${ids.from}-heading`}>{text.copyDay}</h2>
              <div className="field">
                <label className="field-label" htmlFor={ids.from}>
                  {text.copyFrom}
                </label>
                <select id={ids.from} className="field-input" value={copy.from} onChange={(event) => setCopy({ ...copy, from: Number(event.target.value) as TimetableDay })}>
                  {columns.map((column) => (
                    <option key={column.day} value={column.day}>
                      {weekdayName(column.day)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field-label" htmlFor={ids.to}>
                  {text.copyTo}
                </label>
                <select id={ids.to} className="field-input" value={copy.to} onChange={(event) => setCopy({ ...copy, to: Number(event.target.value) as TimetableDay })}>
                  {columns.map((column) => (
                    <option key={column.day} value={column.day}>
                      {weekdayName(column.day)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className="btn btn-secondary" disabled={copy.from === copy.to} onClick={() => void copyDay()}>
                {text.copy}
              </button>
            </section>
          )}

          <SubstitutionPanel mirror={mirror} names={names} canAssign={access.isAdmin} target={target} />
          {access.isAdmin && <PeriodsEditor periods={mirror.periods} />}
        </>
      )}
    </main>
  );
}
