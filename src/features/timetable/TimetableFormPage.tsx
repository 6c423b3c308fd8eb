/**
 * /admin/timetable/add (?classId=&periodId=) and /admin/timetable/edit/{id}: one period of a class:
 * a subject the class takes, its teacher (the mapping's first), an optional room. A clash with
 * another class (the teacher or the room already taken then) is shown before saving, from the
 * device's copy, and saving is held back; a subject over the school's weekly limit only warns.
 * Written through the outbox, so offline too; the school checks again.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type TimetableDay, timetableMessages } from '../../../contract/timetable';
import { LoadingStatus, useStaffAccess, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { checkCell, daysWithPeriods, periodsOfDay } from './grid';
import { classLabel, namesOf, readTimetableMirror, teacherLabel } from './queries';
import { timetableTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import './timetable.css';
import { clockTime, weekdayName } from '../../ui/dates';
import { say, useLanguage } from '../../i18n';

interface Draft {
  classId: string;
  periodId: string;
  subjectId: string;
  teacherId: string;
  room: string;
}

export default function TimetableFormPage() {
  useLanguage();
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const report = useWriteReport();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const mirror = useMirrorQuery(readTimetableMirror, []);
  const ids = { class: useId(), day: useId(), period: useId(), subject: useId(), teacher: useId(), room: useId() };
  const stored = id ? mirror?.entries.find((entry) => entry.id === id) : undefined;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [day, setDay] = useState<TimetableDay>(1);

  useEffect(() => {
    if (!mirror || draft) return;
    if (id) {
      if (!stored) return;
      setDraft({ classId: stored.classId, periodId: stored.periodId, subjectId: stored.subjectId, teacherId: stored.teacherId ?? '', room: stored.room });
      setDay((mirror.periods.find((period) => period.id === stored.periodId)?.day ?? 1) as TimetableDay);
      return;
    }
    const periodId = params.get('periodId') ?? '';
    setDraft({ classId: params.get('classId') ?? mirror.classes[0]?.id ?? '', periodId, subjectId: '', teacherId: '', room: '' });
    setDay((mirror.periods.find((period) => period.id === periodId)?.day ?? daysWithPeriods(mirror.periods)[0] ?? 1) as TimetableDay);
  }, [mirror, stored, id, params, draft]);

  const names = useMemo(() => (mirror ? namesOf(mirror) : null), [mirror]);
  if (!engine) return <main className="page tt-page"><p className="alert alert-info">{text.noEngine}</p></main>;
  if (!mirror || !names) return <main className="page tt-page"><LoadingStatus text={text.loading} /></main>;
  const title = id ? staffTitles.editTimetable : staffTitles.addTimetable;
  if (!access.isAdmin) {
    return (
      <main className="page tt-page">
        <PageHeader title={title} backTo="/admin/timetable" />
        <p className="alert alert-info">{text.form.adminsOnly}</p>
      </main>
    );
  }
  if (id && !stored) {
    return (
      <main className="page tt-page">
        <PageHeader title={title} backTo="/admin/timetable" />
        <p className="alert alert-warning">{text.form.notFound}</p>
      </main>
    );
  }
  if (!draft) return <main className="page tt-page"><LoadingStatus text={text.loading} /></main>;

  const mapping = mirror.mapping.filter((row) => row.classId === draft.classId);
  const teaching = periodsOfDay(mirror.periods, day).filter((period) => period.kind === 'teaching');
  const teachers = [...mirror.teachers].sort((a, b) => teacherLabel(a).localeCompare(teacherLabel(b)));
  const candidate = { id, classId: draft.classId, periodId: draft.periodId, subjectId: draft.subjectId, teacherId: draft.teacherId || null, room: draft.room.trim() };
  const check = draft.periodId && draft.subjectId ? checkCell(mirror.entries, mirror.limits, candidate) : null;
  const clashMessage = !check?.clash
    ? null
    : check.clash.kind === 'slot'
      ? timetableMessages.slotTaken(names.classes.get(check.clash.other.classId) ?? '')
      : check.clash.kind === 'teacher'
        ? timetableMessages.teacherClash(names.teachers.get(candidate.teacherId ?? '') ?? '', names.classes.get(check.clash.other.classId) ?? '')
        : timetableMessages.roomClash(candidate.room, names.classes.get(check.clash.other.classId) ?? '');
  const overLimit = check && check.limit !== undefined && check.count > check.limit ? text.form.overLimit({ subject: names.subjects.get(draft.subjectId) ?? '', count: check.count, limit: check.limit }) : null;

  const chooseSubject = (subjectId: string) => {
    const mapped = mapping.find((row) => row.subjectId === subjectId);
    setDraft({ ...draft, subjectId, teacherId: mapped?.teacherId ?? '' });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (clashMessage || !draft.periodId || !draft.subjectId) return;
    const input = { classId: draft.classId, periodId: draft.periodId, subjectId: draft.subjectId, teacherId: draft.teacherId || null, room: candidate.room };
    const saved = id
      ? await report.attempt(() => engine.mutate('timetable.update', { ...input, id }), timetableMessages.updated)
      : await report.attempt(() => engine.mutate('timetable.create', input), timetableMessages.added);
    if (saved) navigate(`/admin/timetable?${new URLSearchParams({ classId: draft.classId })}`);
  };

  const remove = async () => {
    if (!id) return;
    if (await report.attempt(() => engine.mutate('timetable.delete', { id }), timetableMessages.deleted)) navigate(`/admin/timetable?${new URLSearchParams({ classId: draft.classId })}`);
  };

  return (
    <main className="page tt-page">
      <PageHeader title={title} backTo={`/admin/timetable?${new URLSearchParams({ classId: draft.classId })}`} />
      <form className="panel rk-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={ids.class}>
            {text.form.className}
          </label>
          <select id={ids.class} className="field-input" value={draft.classId} disabled={Boolean(id)} onChange={(event) => setDraft({ ...draft, classId: event.target.value, subjectId: '', teacherId: '' })}>
            {mirror.classes.map((row) => (
              <option key={row.id} value={row.id}>
                {classLabel(row)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.day}>
            {text.form.day}
          </label>
          <select
            id={ids.day}
            className="field-input"
            value={day}
            onChange={(event) => {
              setDay(Number(event.target.value) as TimetableDay);
              setDraft({ ...draft, periodId: '' });
            }}
          >
            {daysWithPeriods(mirror.periods).map((one) => (
              <option key={one} value={one}>
                {weekdayName(one)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.period}>
            {text.form.period}
          </label>
          <select id={ids.period} className="field-input" value={draft.periodId} required onChange={(event) => setDraft({ ...draft, periodId: event.target.value })}>
            <option value="">{text.form.choose}</option>
            {teaching.map((period) => (
              <option key={period.id} value={period.id}>
                {period.name} · {clockTime(period.startTime)}–{clockTime(period.endTime)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.subject}>
            {text.form.subject}
          </label>
          <select id={ids.subject} className="field-input" value={draft.subjectId} required onChange={(event) => chooseSubject(event.target.value)}>
            <option value="">{text.form.choose}</option>
            {mapping.map((row) => (
              <option key={row.subjectId} value={row.subjectId}>
                {names.subjects.get(row.subjectId)}
              </option>
            ))}
          </select>
          {mapping.length === 0 && <p className="field-hint">{text.form.noSubjects}</p>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.teacher}>
            {text.form.teacher}
          </label>
          <select id={ids.teacher} className="field-input" value={draft.teacherId} aria-describedby={`${ids.teacher}-hint`} onChange={(event) => setDraft({ ...draft, teacherId: event.target.value })}>
            <option value="">{text.form.noTeacher}</option>
            {teachers.map((row) => (
              <option key={row.id} value={row.id}>
                {teacherLabel(row)}
              </option>
            ))}
          </select>
          <p id={`${ids.teacher}-hint`} className="field-hint">
            {text.form.teacherHint}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.room}>
            {text.form.room}
          </label>
          <input id={ids.room} className="field-input" value={draft.room} maxLength={30} onChange={(event) => setDraft({ ...draft, room: event.target.value })} />
        </div>
        <div aria-live="polite">
          {clashMessage && (
            <p className="alert alert-error tt-clash" role="alert">
              {say(clashMessage)}
            </p>
          )}
          {overLimit && <p className="alert alert-warning">{overLimit}</p>}
        </div>
        <div className="tt-controls">
          <button type="submit" className="btn btn-primary" disabled={Boolean(clashMessage) || !draft.periodId || !draft.subjectId}>
            {text.form.save}
          </button>
          {id && (
            <button type="button" className="btn btn-secondary" onClick={() => void remove()}>
              {text.form.remove}
            </button>
          )}
        </div>
      </form>
    </main>
  );
}
