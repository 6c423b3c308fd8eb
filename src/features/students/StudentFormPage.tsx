/**
 * /admin/students/add and /admin/students/edit/:id: the student form over the contract's
 * studentInputSchema (the server checks the same schema, so a value the form accepts is one the
 * school accepts). Saving writes through the engine: the mirror has the student at once, the
 * school gets it when the device is online. An id not in the mirror shows "Student not found.".
 */
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import { studentInputSchema } from '../../../contract/student';
import type { ClassRow, StudentRow } from '../../../sync';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { SelectField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { FormActions, FormAlert, GenderField, LoadingStatus, RecordPageMessage, useRecordForm, useWriteReport } from '../../kit';
import { mayChangeClass, useViewer, useWritableClasses } from './access';
import { classLabel, classList } from './queries';
import { studentTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import './students.css';
import { studentsTable } from '../../../sync/modules/students';
import { admissionsTable } from '../../../sync/modules/records';
import { useLanguage } from '../../i18n';

export const studentsPath = '/admin/students';

const fieldNames = [
  'admissionId',
  'firstName',
  'lastName',
  'classId',
  'rollNumber',
  'dateOfBirth',
  'gender',
  'phoneNumber',
  'alternateNumber',
  'emailId',
  'fatherName',
  'motherName',
  'parentEmail',
  'address',
  'aadhaarId',
  'apaarId',
] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function valuesOf(row: StudentRow | null): Values {
  const values = {} as Values;
  for (const name of fieldNames) values[name] = row ? str(row[name]) : '';
  return values;
}

export default function StudentFormPage() {
  useLanguage();
  const { id } = useParams();
  const engine = useSyncEngine();
  const found = useMirrorQuery(
    async (db) => {
      const row = id ? ((await db.tableOf(studentsTable).get(id)) ?? null) : null;
      const pending = row && !row.admissionId ? await db.tableOf(admissionsTable).where('studentId').equals(row.id).filter((admission) => admission.admissionNumber === null).count() : 0;
      return { id, row, admissionPending: pending > 0 };
    },
    [id],
  );
  const classes = useMirrorQuery(classList, []);
  const title = id ? staffTitles.editStudent : staffTitles.addStudent;

  const row = found && found.id === id ? found.row : undefined;
  const loading = !engine || classes === undefined || row === undefined;
  return (
    <main className="page st-page">
      <PageHeader title={title} backTo={studentsPath} />
      {loading && <LoadingStatus text={text.loading} />}
      {!loading && id && !row && <RecordPageMessage tone="error" text={messages.students.notFound} backTo={studentsPath} backLabel={text.form.backToList} />}
      {!loading && (!id || row) && <StudentForm key={id ?? 'new'} student={row ?? null} classes={classes} admissionPending={found?.admissionPending ?? false} />}
    </main>
  );
}

function StudentForm({ student, classes, admissionPending }: { student: StudentRow | null; classes: ClassRow[]; admissionPending: boolean }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const navigate = useNavigate();
  const viewer = useViewer();
  const writable = useWritableClasses(viewer);
  const { formRef, values, errors, set, textField: field, failure, saving, errorCount, refuse, check, run } = useRecordForm<FieldName>(() => valuesOf(student));

  // A teacher picks among the classes they teach (and keeps the student's current one shown).
  const classOptions = writable === null ? classes : classes.filter((row) => writable?.has(row.id) || row.id === student?.classId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!engine || saving) return;
    const input = check(studentInputSchema);
    if (!input) return;
    if (!mayChangeClass(writable, input.classId) || (student && !mayChangeClass(writable, student.classId))) {
      refuse({ classId: messages.students.notYourClass });
      return;
    }
    await run(async () => {
      const result = student ? await engine.mutate('students.update', { ...input, id: student.id }) : await engine.mutate('students.create', input);
      report.saved(student ? messages.students.updated : messages.students.added, result);
      await navigate(studentsPath);
    }, messages.students.operationFailed);
  };

  return (
    <form ref={formRef} className="panel rk-form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={errorCount ? 'st-form-errors' : undefined}>
      <FormAlert id="st-form-errors" failure={failure} errorCount={errorCount} fixErrors={(count) => text.form.fixErrors({ count })} />
      <fieldset className="rk-fieldset">
        <legend>{text.form.identity}</legend>
        <div className="rk-grid">
          {field('firstName', text.form.firstName, { autoComplete: 'off' })}
          {field('lastName', text.form.lastName)}
          <SelectField label={text.form.classId} name="classId" value={values.classId} onChange={set('classId')} error={errors.classId} hint={writable ? text.form.notYourClassHint : undefined}>
            <option value="">{text.form.chooseClass}</option>
            {classOptions.map((row) => (
              <option key={row.id} value={row.id}>
                {classLabel(row)}
              </option>
            ))}
          </SelectField>
          {field('rollNumber', text.form.rollNumber, { inputMode: 'numeric' })}
          {admissionPending
            ? field('admissionId', text.form.admissionId, { hint: text.form.admissionPendingHint, disabled: true, placeholder: messages.admissions.pendingNumber })
            : field('admissionId', text.form.admissionId, { hint: text.form.admissionIdHint })}
          {field('dateOfBirth', text.form.dateOfBirth, { type: 'date', max: todayIso() })}
          <GenderField label={text.form.gender} name="gender" value={values.gender} onChange={set('gender')} error={errors.gender} />
        </div>
      </fieldset>
      <fieldset className="rk-fieldset">
        <legend>{text.form.contact}</legend>
        <div className="rk-grid">
          {field('phoneNumber', text.form.phoneNumber, { type: 'tel', inputMode: 'tel', hint: text.form.phoneHint })}
          {field('alternateNumber', text.form.alternateNumber, { type: 'tel', inputMode: 'tel', hint: text.form.alternateHint })}
          {field('emailId', text.form.emailId, { type: 'email', inputMode: 'email', hint: text.form.emailHint })}
          {field('address', text.form.address)}
        </div>
      </fieldset>
      <fieldset className="rk-fieldset">
        <legend>{text.form.family}</legend>
        <div className="rk-grid">
          {field('fatherName', text.form.fatherName)}
          {field('motherName', text.form.motherName)}
          {field('parentEmail', text.form.parentEmail, { type: 'email', inputMode: 'email', hint: text.form.parentEmailHint })}
        </div>
      </fieldset>
      <fieldset className="rk-fieldset">
        <legend>{text.form.ids}</legend>
        <div className="rk-grid">
          {field('aadhaarId', text.form.aadhaarId, { inputMode: 'numeric', hint: text.form.aadhaarHint })}
          {field('apaarId', text.form.apaarId, { inputMode: 'numeric', hint: text.form.apaarHint })}
        </div>
      </fieldset>
      <FormActions
        cancelTo={studentsPath}
        cancelLabel={text.form.cancel}
        saveLabel={text.form.save}
        savingLabel={text.form.saving}
        saving={saving}
        disabled={!engine || writable === undefined}
      />
    </form>
  );
}
