/** Adding or editing a class: checked with the contract's schema before anything is written. */
import { useState, type FormEvent } from 'react';
import { classInputSchema, type ClassInput } from '../../../contract/class';
import { messages } from '../../../contract/messages';
import { classKey } from '../../../contract/record-formats';
import type { ClassRow } from '../../../sync';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields';
import { type FieldErrors, fieldErrors } from '../records-kit';
import { classesTexts as text } from './texts';

export interface ClassFormDialogProps {
  /** The class being edited; none to add one. */
  editing: ClassRow | null;
  classes: readonly ClassRow[];
  onSave: (input: ClassInput) => Promise<boolean>;
  onClose: () => void;
}

export function ClassFormDialog({ editing, classes, onSave, onClose }: ClassFormDialogProps) {
  const [className, setClassName] = useState(editing?.className ?? '');
  const [classSection, setClassSection] = useState(editing?.classSection ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = classInputSchema.safeParse({ className, classSection });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFormError(messages.classes.formErrors);
      return;
    }
    const key = classKey(parsed.data.className, parsed.data.classSection);
    if (classes.some((item) => item.id !== editing?.id && classKey(item.className, item.classSection) === key)) {
      setErrors({ className: messages.classes.duplicate });
      setFormError(messages.classes.formErrors);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    const done = await onSave(parsed.data);
    setSaving(false);
    if (done) onClose();
  };

  const title = editing ? text.editTitle(text.fullName(editing.className, editing.classSection)) : text.addTitle;
  return (
    <Modal open title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        <TextField
          label={text.className}
          value={className}
          required
          maxLength={40}
          autoComplete="off"
          data-autofocus
          hint={text.classNameHint}
          error={errors.className}
          onChange={(event) => setClassName(event.target.value)}
        />
        <TextField
          label={text.classSection}
          value={classSection}
          maxLength={10}
          autoComplete="off"
          hint={text.classSectionHint}
          error={errors.classSection}
          onChange={(event) => setClassSection(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {text.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
