/**
 * The pieces every record list and record form page repeats: the loading line, a panel with a
 * message and a way back (not found, read only), the list's live notice, and the form's state
 * (values, per-field errors, focus on the first one, failure, saving) with its alert and buttons.
 */
import { useRef, useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { say, useLanguage } from '../i18n';
import { TextField } from '../ui/fields';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from './form-errors';
import { mutationErrorMessage } from './write-report';
import './records-kit.css';

export function LoadingStatus({ text }: { text: string }) {
  return (
    <p className="loading-label" role="status">
      {text}
    </p>
  );
}

/** A mirror page before its records are there: no sync engine on this device, or the mirror still opening. */
export function MirrorStatus({ engine, loaded, text }: { engine: unknown; loaded: boolean; text: { noEngine: string; loading: string } }) {
  if (!engine) return <p className="alert alert-info">{text.noEngine}</p>;
  return loaded ? null : <LoadingStatus text={text.loading} />;
}

/** A page that cannot show its record: an error (announced) or an info, and a link back to the list. */
export function RecordPageMessage({ tone, text, backTo, backLabel }: { tone: 'error' | 'info'; text: string; backTo: string; backLabel: string }) {
  useLanguage();
  return (
    <div className="panel rk-message">
      {tone === 'error' ? (
        <p className="alert alert-error" role="alert">
          {say(text)}
        </p>
      ) : (
        <p className="alert alert-info">{say(text)}</p>
      )}
      <Link className="btn btn-secondary" to={backTo}>
        {backLabel}
      </Link>
    </div>
  );
}

/** What the school could not send: its message, and a retry that waits while offline. */
export function LoadProblem({ error, retry, retryLabel, online }: { error: string; retry: () => void; retryLabel: string; online: boolean }) {
  useLanguage();
  return (
    <div className="rk-load-problem">
      <p className="alert alert-error" role="alert">
        {say(error)}
      </p>
      <button type="button" className="btn btn-secondary" onClick={retry} disabled={!online}>
        {retryLabel}
      </button>
    </div>
  );
}

export interface Notice {
  tone: 'error' | 'info';
  text: string;
}
type ShownNotice = Notice & { at: number };
let noticeCount = 0;

/** The list's notice; each one gets a new key, so the same message given twice is announced twice. */
export function useNotice(): [ShownNotice | null, (next: Notice | null) => void] {
  const [notice, setNotice] = useState<ShownNotice | null>(null);
  return [notice, (next) => setNotice(next && { ...next, at: (noticeCount += 1) })];
}

export function NoticeArea({ notice, className }: { notice: ShownNotice | null; className?: string }) {
  useLanguage();
  return (
    <div aria-live="assertive" className={className}>
      {notice && (
        <p key={notice.at} className={`alert ${notice.tone === 'error' ? 'alert-error' : 'alert-info'}`}>
          {say(notice.text)}
        </p>
      )}
    </div>
  );
}

/** Why a delete failed: storage full, else the error's own message, else `fallback`. */
export function deleteFailureReason(caught: unknown, fallback: string): string {
  return mutationErrorMessage(caught, caught instanceof Error && caught.message ? caught.message : fallback);
}

type TextFieldExtra = Omit<ComponentProps<typeof TextField>, 'label' | 'name' | 'value' | 'onChange' | 'error'>;

/** A record form's state over string values; `check` parses them with the contract's schema. */
export function useRecordForm<K extends string>(initial: () => Record<K, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (name: K) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  /** Shows the errors and moves focus to the first field in error (after it renders). */
  const refuse = (next: FieldErrors<K>) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  /** The parsed values, or null after showing the schema's errors. */
  const check = <S extends z.ZodType>(schema: S): z.output<S> | null => {
    setFailure(null);
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    refuse(fieldErrors<K>(parsed.error));
    return null;
  };

  /** Writes `save()`; on success `done()`, on failure the message stays on the form. */
  const run = async (save: () => Promise<void>, failedMessage: string) => {
    setErrors({});
    setSaving(true);
    try {
      await save();
    } catch (caught) {
      setFailure(mutationErrorMessage(caught, failedMessage));
      setSaving(false);
    }
  };

  /** A text field bound to `name` (value, change, error), without the browser's autofill unless `extra` says so. */
  const textField = (name: K, label: string, extra: TextFieldExtra = {}) => (
    <TextField label={label} name={name} value={values[name]} onChange={set(name)} error={errors[name]} type="text" autoComplete="off" {...extra} />
  );

  return { formRef, values, errors, set, textField, failure, saving, errorCount: Object.keys(errors).length, refuse, check, run };
}

/** The form's alert: the save failure, else how many fields need fixing. */
export function FormAlert({ id, failure, errorCount, fixErrors }: { id?: string; failure: string | null; errorCount: number; fixErrors: (count: number) => string }) {
  useLanguage();
  if (errorCount === 0 && !failure) return null;
  return (
    <p id={id} className="alert alert-error" role="alert">
      {failure ? say(failure) : fixErrors(errorCount)}
    </p>
  );
}

export function FormActions(props: { cancelTo: string; cancelLabel: string; saveLabel: string; savingLabel: string; saving: boolean; disabled: boolean }) {
  return (
    <div className="rk-form-actions">
      <Link className="btn btn-secondary" to={props.cancelTo}>
        {props.cancelLabel}
      </Link>
      <button type="submit" className="btn btn-primary" disabled={props.disabled || props.saving}>
        {props.saving ? props.savingLabel : props.saveLabel}
      </button>
    </div>
  );
}

/** A row's Edit and Remove buttons, each labelled with the record it acts on. */
export function EditRemoveButtons(props: {
  editText: string;
  editLabel: string;
  removeText: string;
  removeLabel: string;
  disabled?: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-secondary" aria-label={props.editLabel} disabled={props.disabled} onClick={props.onEdit}>
        {props.editText}
      </button>
      <button type="button" className="btn btn-danger" aria-label={props.removeLabel} disabled={props.disabled} onClick={props.onRemove}>
        {props.removeText}
      </button>
    </>
  );
}
