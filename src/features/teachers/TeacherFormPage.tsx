/**
 * /admin/teachers/add and /admin/teachers/edit/:teacherId: the teacher form over the contract's
 * teacherInputSchema, saved through the engine (mirror now, school when online). Admins only: a
 * teacher opening it is told so (the server refuses their writes anyway).
 */
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import { teacherInputSchema } from '../../../contract/teacher';
import type { TeacherRow } from '../../../sync';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { FormActions, FormAlert, GenderField, LoadingStatus, RecordPageMessage, useRecordForm, useWriteReport } from '../../kit';
import { teacherTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import './teachers.css';
import { teachersTable } from '../../../sync/modules/teachers';
import { useLanguage } from '../../i18n';

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
  useLanguage();
  const { teacherId } = useParams();
  const engine = useSyncEngine();
  const isAdmin = useSessionSnapshot().session?.role === 'admin';
  const found = useMirrorQuery(async (db) => ({ teacherId, row: teacherId ? ((await db.tableOf(teachersTable).get(teacherId)) ?? null) : null }), [teacherId]);
  const title = teacherId ? staffTitles.editTeacher : staffTitles.addTeacher;

  const row = found && found.teacherId === teacherId ? found.row : undefined;
  const loading = !engine || row === undefined;
  return (
    <main className="page tc-page">
      <PageHeader title={title} backTo={teachersPath} />
      {!isAdmin && <RecordPageMessage tone="info" text={text.readOnly} backTo={teachersPath} backLabel={text.form.backToList} />}
      {isAdmin && loading && <LoadingStatus text={text.loading} />}
      {isAdmin && !loading && teacherId && !row && (
        <RecordPageMessage tone="error" text={messages.teachers.notFound} backTo={teachersPath} backLabel={text.form.backToList} />
      )}
      {isAdmin && !loading && (!teacherId || row) && <TeacherForm key={teacherId ?? 'new'} teacher={row} />}
    </main>
  );
}

function TeacherForm({ teacher }: { teacher: TeacherRow | null }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const navigate = useNavigate();
  const { formRef, values, errors, set, textField: field, failure, saving, errorCount, check, run } = useRecordForm<FieldName>(() => valuesOf(teacher));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!engine || saving) return;
    const input = check(teacherInputSchema);
    if (!input) return;
    await run(async () => {
      const result = teacher ? await engine.mutate('teachers.update', { ...input, id: teacher.id }) : await engine.mutate('teachers.create', input);
      report.saved(teacher ? messages.teachers.updated : messages.teachers.added, result);
      await navigate(teachersPath);
    }, messages.students.operationFailed);
  };

  return (
    <form ref={formRef} className="panel rk-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert failure={failure} errorCount={errorCount} fixErrors={(count) => text.form.fixErrors({ count })} />
      <fieldset className="rk-fieldset">
        <legend>{text.form.identity}</legend>
        <div className="rk-grid">
          {field('employeeId', text.form.employeeId)}
          {field('firstName', text.form.firstName)}
          {field('lastName', text.form.lastName)}
          {field('dateOfBirth', text.form.dateOfBirth, { type: 'date', max: todayIso() })}
          <GenderField label={text.form.gender} name="gender" value={values.gender} onChange={set('gender')} error={errors.gender} />
          {field('subjects', text.form.subjects, { hint: text.form.subjectsHint })}
        </div>
      </fieldset>
      <fieldset className="rk-fieldset">
        <legend>{text.form.contact}</legend>
        <div className="rk-grid">
          {field('emailId', text.form.emailId, { type: 'email', inputMode: 'email', hint: text.form.emailHint })}
          {field('phoneNumber', text.form.phoneNumber, { type: 'tel', inputMode: 'tel', hint: text.form.phoneHint })}
          {field('address', text.form.address)}
        </div>
      </fieldset>
      <FormActions cancelTo={teachersPath} cancelLabel={text.form.cancel} saveLabel={text.form.save} savingLabel={text.form.saving} saving={saving} disabled={!engine} />
    </form>
  );
}
