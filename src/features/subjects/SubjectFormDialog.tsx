/** Adding or editing a subject: checked with the contract's schema before anything is written. */
import { useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages';
import { subjectInputSchema } from '../../../contract/subject';
import type { SubjectRow } from '../../../sync';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields';
import { type FieldErrors, fieldErrors, normalizeText } from '../records-kit';
import { subjectsTexts as text } from './texts';

export interface SubjectValues {
  subjectName: string;
  subjectCode: string | null;
}

export interface SubjectFormDialogProps {
  editing: SubjectRow | null;
  subjects: readonly SubjectRow[];
  onSave: (values: SubjectValues) => Promise<boolean>;
  onClose: () => void;
}

export function SubjectFormDialog({ editing, subjects, onSave, onClose }: SubjectFormDialogProps) {
  const [subjectName, setSubjectName] = useState(editing?.subjectName ?? '');
  const [subjectCode, setSubjectCode] = useState(editing?.subjectCode ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = subjectInputSchema.safeParse({ subjectName, subjectCode });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFormError(messages.classes.formErrors);
      return;
    }
    const name = normalizeText(parsed.data.subjectName);
    if (subjects.some((item) => item.id !== editing?.id && normalizeText(item.subjectName) === name)) {
      setErrors({ subjectName: messages.subjects.duplicate });
      setFormError(messages.classes.formErrors);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    const done = await onSave({ subjectName: parsed.data.subjectName, subjectCode: parsed.data.subjectCode });
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal open title={editing ? text.editTitle(editing.subjectName) : text.addTitle} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        <TextField
          label={text.subjectName}
          value={subjectName}
          required
          maxLength={80}
          autoComplete="off"
          data-autofocus
          hint={text.subjectNameHint}
          error={errors.subjectName}
          onChange={(event) => setSubjectName(event.target.value)}
        />
        <TextField
          label={text.subjectCode}
          value={subjectCode}
          maxLength={20}
          autoComplete="off"
          hint={text.subjectCodeHint}
          error={errors.subjectCode}
          onChange={(event) => setSubjectCode(event.target.value)}
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
