/**
 * A small add/edit dialog of text fields (classes, subjects): checked with the contract's schema,
 * then against the other records (a duplicate), before `onSave` writes anything.
 */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { messages } from '../../contract/messages';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/fields';
import { fieldErrors, type FieldErrors } from './form-errors';

export interface DialogField<K extends string> {
  name: K;
  label: string;
  hint: string;
  maxLength: number;
  required?: boolean;
}

export interface RecordFormDialogProps<K extends string, S extends z.ZodType> {
  title: string;
  fields: readonly DialogField<K>[];
  initial: Record<K, string>;
  schema: S;
  /** The field error when another record already has these values, else null. */
  duplicate: (data: z.output<S>) => FieldErrors<K> | null;
  /** Writes the values; true closes the dialog. */
  onSave: (data: z.output<S>) => Promise<boolean>;
  onClose: () => void;
  cancelLabel: string;
  saveLabel: string;
}

export function RecordFormDialog<K extends string, S extends z.ZodType>(props: RecordFormDialogProps<K, S>) {
  const { title, fields, schema, duplicate, onSave, onClose } = props;
  const [values, setValues] = useState<Record<K, string>>(props.initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const refuse = (next: FieldErrors<K>) => {
    setErrors(next);
    setFormError(messages.classes.formErrors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors<K>(parsed.error));
    const taken = duplicate(parsed.data);
    if (taken) return refuse(taken);
    setErrors({});
    setFormError(null);
    setSaving(true);
    const done = await onSave(parsed.data);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal open title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        {fields.map((field, index) => (
          <TextField
            key={field.name}
            label={field.label}
            value={values[field.name]}
            required={field.required}
            maxLength={field.maxLength}
            autoComplete="off"
            data-autofocus={index === 0 ? true : undefined}
            hint={field.hint}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {props.cancelLabel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {props.saveLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
