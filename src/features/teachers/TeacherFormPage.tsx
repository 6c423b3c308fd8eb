/**
 * /admin/teachers/add and /admin/teachers/edit/:teacherId: the teacher form over the contract's
 * teacherInputSchema, saved through the engine (mirror now, school when online). Admins only: a
 * teacher opening it is told so (the server refuses their writes anyway).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { genders, todayIso } from '../../../contract/record-formats';
import { teacherInputSchema, type TeacherInput } from '../../../contract/teacher';
import { createTeacher, updateTeacher, type TeacherRow } from '../../../sync';
import { t } from '../../i18n';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { fieldErrors, focusFirstInvalid, mutationErrorMessage, useMutationToast, type FieldErrors } from '../records-kit';
import { teacherTexts as text } from './texts';
import './teachers.css';

export const teachersPath = '/admin/teachers';

const fieldNames = ['employeeId', 'firstName', 'lastName', 'emailId', 'phoneNumber', 'address', 'dateOfBirth', 'gender', 'subjects'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;

function valuesOf(row: TeacherRow | null): Values {
  const values = {} as Values;
  for (const name of fieldNames) {
    const value = row?.[name];
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

export default function TeacherFormPage() {
  const { teacherId } = useParams();
  const engine = useSyncEngine();
  const isAdmin = useSessionSnapshot().session?.role === 'admin';
  const found = useMirrorQuery(async (db) => ({ teacherId, row: teacherId ? ((await db.teachers.get(teacherId)) ?? null) : null }), [teacherId]);
  const title = teacherId ? t.titles.editTeacher : t.titles.addTeacher;

  const row = found && found.teacherId === teacherId ? found.row : undefined;
  const loading = !engine || row === undefined;
  return (
    <main className="page tc-page">
      <PageHeader title={title} backTo={teachersPath} />
      {!isAdmin && (
        <div className="panel tc-message">
          <p className="alert alert-info">{text.readOnly}</p>
          <Link className="btn btn-secondary" to={teachersPath}>
            {text.form.backToList}
          </Link>
        </div>
      )}
      {isAdmin && loading && (
        <p className="loading-label" role="status">
          {text.loading}
        </p>
      )}
      {isAdmin && !loading && teacherId && !row && (
        <div className="panel tc-message">
          <p className="alert alert-error" role="alert">
            {messages.teachers.notFound}
          </p>
          <Link className="btn btn-secondary" to={teachersPath}>
            {text.form.backToList}
          </Link>
        </div>
      )}
      {isAdmin && !loading && (!teacherId || row) && <TeacherForm key={teacherId ?? 'new'} teacher={row} />}
    </main>
  );
}

function TeacherForm({ teacher }: { teacher: TeacherRow | null }) {
  const engine = useSyncEngine();
  const notify = useMutationToast();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(teacher));
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorCount = Object.keys(errors).length;

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!engine || saving) return;
    setFailure(null);
    const parsed = teacherInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<FieldName>(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const input: TeacherInput = parsed.data;
      const result = teacher ? await updateTeacher(engine, { ...input, id: teacher.id }) : await createTeacher(engine, input);
      notify.saved(teacher ? messages.teachers.updated : messages.teachers.added, result);
      await navigate(teachersPath);
    } catch (caught) {
      setFailure(mutationErrorMessage(caught, messages.students.operationFailed));
      setSaving(false);
    }
  };

  const field = (name: FieldName, label: string, extra: { hint?: string; type?: string; inputMode?: 'tel' | 'email'; max?: string } = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      autoComplete="off"
      inputMode={extra.inputMode}
      max={extra.max}
    />
  );

  return (
    <form ref={formRef} className="panel tc-form" noValidate onSubmit={(event) => void submit(event)}>
      {(errorCount > 0 || failure) && (
        <p className="alert alert-error" role="alert">
          {failure ?? text.form.fixErrors(errorCount)}
        </p>
      )}
      <fieldset className="tc-fieldset">
        <legend>{text.form.identity}</legend>
        <div className="tc-grid">
          {field('employeeId', text.form.employeeId)}
          {field('firstName', text.form.firstName)}
          {field('lastName', text.form.lastName)}
          {field('dateOfBirth', text.form.dateOfBirth, { type: 'date', max: todayIso() })}
          <SelectField label={text.form.gender} name="gender" value={values.gender} onChange={set('gender')} error={errors.gender}>
            <option value="">{text.form.chooseGender}</option>
            {genders.map((gender) => (
              <option key={gender} value={gender}>
                {text.form.genders[gender]}
              </option>
            ))}
          </SelectField>
          {field('subjects', text.form.subjects, { hint: text.form.subjectsHint })}
        </div>
      </fieldset>
      <fieldset className="tc-fieldset">
        <legend>{text.form.contact}</legend>
        <div className="tc-grid">
          {field('emailId', text.form.emailId, { type: 'email', inputMode: 'email', hint: text.form.emailHint })}
          {field('phoneNumber', text.form.phoneNumber, { type: 'tel', inputMode: 'tel', hint: text.form.phoneHint })}
          {field('address', text.form.address)}
        </div>
      </fieldset>
      <div className="tc-form-actions">
        <Link className="btn btn-secondary" to={teachersPath}>
          {text.form.cancel}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={!engine || saving}>
          {saving ? text.form.saving : text.form.save}
        </button>
      </div>
    </form>
  );
}
