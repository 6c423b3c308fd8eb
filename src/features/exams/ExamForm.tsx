/**
 * Adding or changing an exam (admins): name, term, academic year, weight in the term, the classes
 * that sit it and each class's schedule, one row per subject the class takes (its mapping). "Fill"
 * lays the papers out one school day each from a first date, with the same time, length and marks;
 * any row can then be changed. Checked against the contract's schema before it goes to the outbox.
 */
import { say, useLanguage } from '../../i18n';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { academicYearLabel, academicYearOf } from '../../../contract/admission';
import { type ExamInput, examInputSchema, examMessages } from '../../../contract/exams';
import { todayIso } from '../../../contract/record-formats';
import { useSchoolYears, useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import type { ExamRow } from '../../../sync/modules/exams';
import { classLabel, type ExamsMirror } from './queries';
import { examTexts as text } from './texts';

interface PaperDraft {
  include: boolean;
  date: string;
  startTime: string;
  durationMinutes: string;
  maxMarks: string;
  passMarks: string;
  gradedOnly: boolean;
}

const keyOf = (classId: string, subjectId: string) => `${classId}|${subjectId}`;

function nextSchoolDays(start: string, count: number): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`); days.length < count && Number.isFinite(at); at += 86_400_000) {
    if (new Date(at).getUTCDay() !== 0) days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

export function ExamForm({ mirror, exam }: { mirror: ExamsMirror; exam?: ExamRow }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const navigate = useNavigate();
  const ids = useId();
  const [name, setName] = useState(exam?.name ?? '');
  const [term, setTerm] = useState(exam?.term ?? text.form.defaultTerm);
  // A new exam is the school's current year's unless the admin types another.
  const years = useSchoolYears();
  const [typedYear, setYear] = useState<string | null>(exam?.academicYear ?? null);
  const academicYear = typedYear ?? academicYearLabel(years?.current ?? academicYearOf(todayIso()));
  const [weight, setWeight] = useState(String(exam?.weight ?? 100));
  const [classIds, setClassIds] = useState<string[]>(exam?.classIds ?? []);
  const [papers, setPapers] = useState<Readonly<Record<string, PaperDraft>>>(() =>
    Object.fromEntries(
      (exam?.schedule ?? []).map((paper) => [
        keyOf(paper.classId, paper.subjectId),
        {
          include: true,
          date: paper.date,
          startTime: paper.startTime,
          durationMinutes: String(paper.durationMinutes),
          maxMarks: paper.maxMarks === null ? '' : String(paper.maxMarks),
          passMarks: paper.passMarks === null ? '' : String(paper.passMarks),
          gradedOnly: paper.gradedOnly,
        },
      ]),
    ),
  );
  const [fill, setFill] = useState({ date: '', startTime: '09:30', durationMinutes: '60', maxMarks: '40', passMarks: '14' });
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const subjectName = (id: string) => mirror.subjects.find((row) => row.id === id)?.subjectName ?? '';
  const chosen = useMemo(() => mirror.classes.filter((row) => classIds.includes(row.id)), [mirror.classes, classIds]);
  const subjectsOf = (classId: string) => mirror.mapping.filter((row) => row.classId === classId).map((row) => row.subjectId);

  const draftOf = (classId: string, subjectId: string): PaperDraft =>
    papers[keyOf(classId, subjectId)] ?? { include: false, date: '', startTime: fill.startTime, durationMinutes: fill.durationMinutes, maxMarks: fill.maxMarks, passMarks: fill.passMarks, gradedOnly: /art|craft|work education/i.test(subjectName(subjectId)) };
  const change = (classId: string, subjectId: string, patch: Partial<PaperDraft>) =>
    setPapers((current) => ({ ...current, [keyOf(classId, subjectId)]: { ...draftOf(classId, subjectId), ...patch } }));

  const fillSchedule = () => {
    const next: Record<string, PaperDraft> = { ...papers };
    for (const klass of chosen) {
      const subjects = subjectsOf(klass.id);
      const days = nextSchoolDays(fill.date, subjects.length);
      subjects.forEach((subjectId, index) => {
        const gradedOnly = draftOf(klass.id, subjectId).gradedOnly;
        next[keyOf(klass.id, subjectId)] = { include: true, date: days[index] ?? '', startTime: fill.startTime, durationMinutes: fill.durationMinutes, maxMarks: gradedOnly ? '' : fill.maxMarks, passMarks: gradedOnly ? '' : fill.passMarks, gradedOnly };
      });
    }
    setPapers(next);
  };

  const save = async () => {
    if (!engine) return;
    const input: ExamInput = {
      name,
      term,
      academicYear,
      weight: Number(weight),
      classIds,
      schedule: chosen.flatMap((klass) =>
        subjectsOf(klass.id)
          .map((subjectId) => ({ subjectId, draft: draftOf(klass.id, subjectId) }))
          .filter(({ draft }) => draft.include)
          .map(({ subjectId, draft }) => ({
            classId: klass.id,
            subjectId,
            date: draft.date,
            startTime: draft.startTime,
            durationMinutes: Number(draft.durationMinutes),
            gradedOnly: draft.gradedOnly,
            maxMarks: draft.gradedOnly ? null : Number(draft.maxMarks),
            passMarks: draft.gradedOnly ? null : Number(draft.passMarks),
          })),
      ),
    };
    const parsed = examInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setErrors([]);
    setSaving(true);
    const ok = exam
      ? await report.attempt(() => engine.mutate('exams.update', { ...input, id: exam.id }), examMessages.updated)
      : await report.attempt(() => engine.mutate('exams.create', input), examMessages.added);
    setSaving(false);
    if (ok) navigate('/admin/exams');
  };

  const field = (id: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <div className="field">
      <label className="field-label" htmlFor={`${ids}-${id}`}>
        {label}
      </label>
      <input id={`${ids}-${id}`} className="field-input" type={type} value={value} onChange={(event) => set(event.target.value)} />
    </div>
  );

  return (
    <form
      className="panel ex-form"
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${ids}-title`}>{exam ? text.form.editTitle : text.form.addTitle}</h2>
      {errors.length > 0 && (
        <div className="alert alert-error" role="alert">
          <p>{text.form.fixErrors({ count: errors.length })}</p>
          <ul>
            {errors.map((error) => (
              <li key={error}>{say(error)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="ex-form-row">
        {field('name', text.form.name, name, setName)}
        {field('term', text.form.term, term, setTerm)}
        {field('year', text.form.academicYear, academicYear, setYear)}
        {field('weight', text.form.weight, weight, setWeight, 'number')}
      </div>
      <fieldset>
        <legend>{text.form.classes}</legend>
        <div className="ex-class-picks">
          {mirror.classes.map((klass) => (
            <label key={klass.id} className="ex-pick">
              <input
                type="checkbox"
                checked={classIds.includes(klass.id)}
                onChange={(event) => setClassIds((current) => (event.target.checked ? [...current, klass.id] : current.filter((id) => id !== klass.id)))}
              />{' '}
              {classLabel(klass)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{text.form.schedule}</legend>
        <div className="ex-form-row">
          {field('fill-date', text.form.date, fill.date, (date) => setFill({ ...fill, date }), 'date')}
          {field('fill-time', text.form.startTime, fill.startTime, (startTime) => setFill({ ...fill, startTime }), 'time')}
          {field('fill-minutes', text.form.duration, fill.durationMinutes, (durationMinutes) => setFill({ ...fill, durationMinutes }), 'number')}
          {field('fill-max', text.form.maxMarks, fill.maxMarks, (maxMarks) => setFill({ ...fill, maxMarks }), 'number')}
          {field('fill-pass', text.form.passMarks, fill.passMarks, (passMarks) => setFill({ ...fill, passMarks }), 'number')}
        </div>
        <button type="button" className="btn btn-secondary" disabled={!fill.date || chosen.length === 0} onClick={fillSchedule}>
          {text.form.fill}
        </button>
        {chosen.map((klass) => (
          <table key={klass.id} className="ex-table ex-schedule">
            <caption>{text.form.scheduleOf({ className: classLabel(klass) })}</caption>
            <thead>
              <tr>
                <th scope="col">{text.form.include}</th>
                <th scope="col">{text.form.subject}</th>
                <th scope="col">{text.form.date}</th>
                <th scope="col">{text.form.startTime}</th>
                <th scope="col">{text.form.duration}</th>
                <th scope="col">{text.form.gradedOnly}</th>
                <th scope="col">{text.form.maxMarks}</th>
                <th scope="col">{text.form.passMarks}</th>
              </tr>
            </thead>
            <tbody>
              {subjectsOf(klass.id).map((subjectId) => {
                const draft = draftOf(klass.id, subjectId);
                const label = (what: string) => `${what}, ${subjectName(subjectId)}, ${classLabel(klass)}`;
                return (
                  <tr key={subjectId}>
                    <td>
                      <input type="checkbox" aria-label={label(text.form.include)} checked={draft.include} onChange={(event) => change(klass.id, subjectId, { include: event.target.checked })} />
                    </td>
                    <th scope="row">{subjectName(subjectId)}</th>
                    <td>
                      <input className="field-input" type="date" aria-label={label(text.form.date)} value={draft.date} onChange={(event) => change(klass.id, subjectId, { date: event.target.value })} />
                    </td>
                    <td>
                      <input className="field-input" type="time" aria-label={label(text.form.startTime)} value={draft.startTime} onChange={(event) => change(klass.id, subjectId, { startTime: event.target.value })} />
                    </td>
                    <td>
                      <input className="field-input ex-short" inputMode="numeric" aria-label={label(text.form.duration)} value={draft.durationMinutes} onChange={(event) => change(klass.id, subjectId, { durationMinutes: event.target.value })} />
                    </td>
                    <td>
                      <input type="checkbox" aria-label={label(text.form.gradedOnly)} checked={draft.gradedOnly} onChange={(event) => change(klass.id, subjectId, { gradedOnly: event.target.checked })} />
                    </td>
                    <td>
                      <input className="field-input ex-short" inputMode="numeric" aria-label={label(text.form.maxMarks)} disabled={draft.gradedOnly} value={draft.gradedOnly ? '' : draft.maxMarks} onChange={(event) => change(klass.id, subjectId, { maxMarks: event.target.value })} />
                    </td>
                    <td>
                      <input className="field-input ex-short" inputMode="decimal" aria-label={label(text.form.passMarks)} disabled={draft.gradedOnly} value={draft.gradedOnly ? '' : draft.passMarks} onChange={(event) => change(klass.id, subjectId, { passMarks: event.target.value })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </fieldset>
      <div className="ex-actions">
        <button type="button" className="btn btn-secondary" onClick={() => navigate('/admin/exams')}>
          {text.form.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving || !engine}>
          {saving ? text.form.saving : text.form.save}
        </button>
      </div>
    </form>
  );
}
