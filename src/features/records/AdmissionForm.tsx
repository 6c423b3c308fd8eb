/**
 * The admission form of /admin/records/newadmission and /admin/records/edit/...: the register
 * entry (admission date, previous school, remarks) and the student's details, checked with the
 * contract's own schema (the one the server applies), each message shown at its field and focus
 * moved to the first field in error.
 */
import { say, useLanguage } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { academicYearLabel, academicYearOf, admissionInputSchema, admissionUpdateSchema } from '../../../contract/admission';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import type { ClassRow, StudentRow } from '../../../sync';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { GenderField, issuesByField, useFocusFirstError } from '../../kit';
import { classLabel } from './queries';
import { recordsTexts } from './texts';

const text = recordsTexts.form;

export const studentKeys = [
  'firstName',
  'lastName',
  'emailId',
  'rollNumber',
  'phoneNumber',
  'classId',
  'dateOfBirth',
  'gender',
  'fatherName',
  'motherName',
  'parentEmail',
  'alternateNumber',
  'address',
  'aadhaarId',
  'apaarId',
] as const;
type StudentKey = (typeof studentKeys)[number];
type FieldKey = 'admissionDate' | 'previousSchool' | 'remarks' | `student.${StudentKey}`;
export type FormValues = Record<FieldKey, string>;

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function blankValues(): FormValues {
  const values = { admissionDate: todayIso(), previousSchool: '', remarks: '' } as FormValues;
  for (const key of studentKeys) values[`student.${key}`] = '';
  return values;
}

/** The form's values for an existing entry and its student. */
export function valuesOf(
  entry: { admissionDate: string; previousSchool: string | null; remarks: string | null },
  student: Partial<StudentRow> | null,
): FormValues {
  const values = { admissionDate: entry.admissionDate, previousSchool: str(entry.previousSchool), remarks: str(entry.remarks) } as FormValues;
  for (const key of studentKeys) values[`student.${key}`] = str(student?.[key]);
  return values;
}

function inputOf(values: FormValues) {
  const student: Record<string, string> = {};
  for (const key of studentKeys) student[key] = values[`student.${key}`];
  return { admissionDate: values.admissionDate, previousSchool: values.previousSchool, remarks: values.remarks, student };
}

export type NewAdmission = ReturnType<typeof admissionInputSchema.parse>;
export type AdmissionChanges = ReturnType<typeof admissionUpdateSchema.parse>;

interface CommonProps {
  initial: FormValues;
  classes: readonly ClassRow[];
  submitLabel: string;
  /** Why the last save did not reach this device (a full disk ...). */
  failure?: string | null;
}

type AdmissionFormProps =
  | (CommonProps & { mode: 'new'; onSubmit: (input: NewAdmission) => Promise<void> })
  | (CommonProps & { mode: 'edit'; academicYear: number | null; onSubmit: (input: AdmissionChanges) => Promise<void> });

export function AdmissionForm(props: AdmissionFormProps) {
  useLanguage();
  const { initial, classes, submitLabel, failure } = props;
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const formRef = useFocusFirstError(attempt);
  const today = todayIso();

  const field = (key: FieldKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const raw = inputOf(values);
    const parsed = props.mode === 'new' ? admissionInputSchema.safeParse(raw) : admissionUpdateSchema.safeParse(raw);
    if (!parsed.success) {
      refuse(issuesByField(parsed.error));
      return;
    }
    // The number belongs to its academic year: an edit may move the date only within it.
    if (props.mode === 'edit' && props.academicYear !== null && parsed.data.admissionDate) {
      if (academicYearOf(parsed.data.admissionDate) !== props.academicYear) {
        refuse({ admissionDate: messages.admissions.dateOutsideYear(academicYearLabel(props.academicYear)) });
        return;
      }
    }
    setErrors({});
    setSaving(true);
    try {
      if (props.mode === 'new') await props.onSubmit(parsed.data as NewAdmission);
      else await props.onSubmit(parsed.data as AdmissionChanges);
    } finally {
      setSaving(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} className="panel rec-panel rec-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="rec-fieldset">
        <legend>{text.admissionSection}</legend>
        <div className="rec-grid">
          <TextField
            label={text.admissionDate}
            type="date"
            hint={props.mode === 'new' ? text.admissionDateHint : text.admissionDateEditHint}
            {...field('admissionDate')}
          />
          <TextField label={text.previousSchool} maxLength={200} {...field('previousSchool')} />
        </div>
        <TextAreaField label={text.remarks} maxLength={500} {...field('remarks')} />
      </fieldset>

      <fieldset className="rec-fieldset">
        <legend>{text.studentSection}</legend>
        <div className="rec-grid">
          <TextField label={text.firstName} required autoComplete="off" maxLength={100} {...field('student.firstName')} />
          <TextField label={text.lastName} autoComplete="off" maxLength={100} {...field('student.lastName')} />
          <SelectField label={text.class} {...field('student.classId')}>
            <option value="">{text.noClass}</option>
            {classes.map((row) => (
              <option key={row.id} value={row.id}>
                {classLabel(row.className, row.classSection)}
              </option>
            ))}
          </SelectField>
          <TextField label={text.rollNumber} maxLength={20} {...field('student.rollNumber')} />
          <TextField label={text.dateOfBirth} type="date" max={today} {...field('student.dateOfBirth')} />
          <GenderField label={text.gender} {...field('student.gender')} />
        </div>
      </fieldset>

      <fieldset className="rec-fieldset">
        <legend>{text.familySection}</legend>
        <div className="rec-grid">
          <TextField label={text.fatherName} maxLength={100} {...field('student.fatherName')} />
          <TextField label={text.motherName} maxLength={100} {...field('student.motherName')} />
          <TextField label={text.parentEmail} type="email" autoComplete="off" {...field('student.parentEmail')} />
          <TextField label={text.emailId} type="email" autoComplete="off" {...field('student.emailId')} />
          <TextField label={text.phoneNumber} type="tel" inputMode="tel" {...field('student.phoneNumber')} />
          <TextField label={text.alternateNumber} type="tel" inputMode="tel" {...field('student.alternateNumber')} />
        </div>
        <TextAreaField label={text.address} maxLength={300} {...field('student.address')} />
      </fieldset>

      <fieldset className="rec-fieldset">
        <legend>{text.idsSection}</legend>
        <div className="rec-grid">
          <TextField label={text.aadhaarId} inputMode="numeric" autoComplete="off" {...field('student.aadhaarId')} />
          <TextField label={text.apaarId} inputMode="numeric" autoComplete="off" {...field('student.apaarId')} />
        </div>
      </fieldset>

      {errorCount > 0 && (
        <p className="alert alert-error" role="alert">
          {text.fixErrors({ count: errorCount })}
        </p>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {say(failure)}
        </p>
      )}
      <div className="rec-form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? text.saving : submitLabel}
        </button>
      </div>
    </form>
  );
}
