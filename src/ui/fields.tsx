/** Labelled form fields with their error and hint wired to aria-describedby / aria-invalid. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { say, t, useLanguage } from '../i18n';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A control's id and the aria attributes that tie it to its hint and error. */
function useControl(error?: string, hint?: ReactNode) {
  const id = useId();
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** The field's label, its control, then its hint and error. */
function Field({ control, label, hint, error, children }: { control: { id: string }; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={control.id}>
        {label}
      </label>
      {children}
      <FieldMessages id={control.id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and error under its control, as `${id}-hint` and `${id}-error` for aria-describedby. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {say(error)}
        </p>
      )}
    </>
  );
}

export function TextField({ label, error, hint, ...input }: FieldProps) {
  const control = useControl(error, hint);
  return (
    <Field control={control} label={label} hint={hint} error={error}>
      <input {...control} className="field-input" {...input} />
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, disabled, ...input }: FieldProps) {
  useLanguage();
  const control = useControl(error, hint);
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t.auth.hidePassword : t.auth.showPassword;
  return (
    <Field control={control} label={label} hint={hint} error={error}>
      <div className="password-wrap">
        <input {...control} className="field-input" type={visible ? 'text' : 'password'} disabled={disabled} {...input} />
        <button
          type="button"
          className="icon-button"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-pressed={visible}
          aria-controls={control.id}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </Field>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const control = useControl(error, hint);
  return (
    <Field control={control} label={label} hint={hint} error={error}>
      <select {...control} className="field-input" {...select}>
        {children}
      </select>
    </Field>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, rows = 3, ...area }: TextAreaFieldProps) {
  const control = useControl(error, hint);
  return (
    <Field control={control} label={label} hint={hint} error={error}>
      <textarea {...control} className="field-input field-textarea" rows={rows} {...area} />
    </Field>
  );
}
