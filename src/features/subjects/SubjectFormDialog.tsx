/** Adding or editing a subject: checked with the contract's schema before anything is written. */
import { messages } from '../../../contract/messages';
import { subjectInputSchema } from '../../../contract/subject';
import type { SubjectRow } from '../../../sync';
import { normalizeText, RecordFormDialog, type DialogField } from '../../kit';
import { subjectsTexts as text } from './texts';
import { useMemo } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import { useLanguage } from '../../i18n';

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

/** The dialog's fields in a language (their labels are read when made). */
const fieldsIn = (_language: LanguageCode): readonly DialogField<'subjectName' | 'subjectCode'>[] => [
  { name: 'subjectName', label: text.subjectName, hint: text.subjectNameHint, maxLength: 80, required: true },
  { name: 'subjectCode', label: text.subjectCode, hint: text.subjectCodeHint, maxLength: 20 },
];

export function SubjectFormDialog({ editing, subjects, onSave, onClose }: SubjectFormDialogProps) {
  const language = useLanguage();
  const fields = useMemo(() => fieldsIn(language), [language]);
  return (
    <RecordFormDialog
      title={editing ? text.editTitle({ name: editing.subjectName }) : text.addTitle}
      fields={fields}
      initial={{ subjectName: editing?.subjectName ?? '', subjectCode: editing?.subjectCode ?? '' }}
      schema={subjectInputSchema}
      duplicate={(data) => {
        const name = normalizeText(data.subjectName);
        const taken = subjects.some((item) => item.id !== editing?.id && normalizeText(item.subjectName) === name);
        return taken ? { subjectName: messages.subjects.duplicate } : null;
      }}
      onSave={(data) => onSave({ subjectName: data.subjectName, subjectCode: data.subjectCode })}
      onClose={onClose}
      cancelLabel={text.cancel}
      saveLabel={text.save}
    />
  );
}
