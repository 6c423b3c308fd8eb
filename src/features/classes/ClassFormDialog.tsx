/** Adding or editing a class: checked with the contract's schema before anything is written. */
import { classLabel } from '../../../contract/class-label';
import { classInputSchema, type ClassInput } from '../../../contract/class';
import { messages } from '../../../contract/messages';
import { classKey } from '../../../contract/record-formats';
import type { ClassRow } from '../../../sync';
import { RecordFormDialog, type DialogField } from '../../kit';
import { classesTexts as text } from './texts';
import { useMemo } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import { useLanguage } from '../../i18n';

export interface ClassFormDialogProps {
  /** The class being edited; none to add one. */
  editing: ClassRow | null;
  classes: readonly ClassRow[];
  onSave: (input: ClassInput) => Promise<boolean>;
  onClose: () => void;
}

/** The dialog's fields in a language (their labels are read when made). */
const fieldsIn = (_language: LanguageCode): readonly DialogField<'className' | 'classSection'>[] => [
  { name: 'className', label: text.className, hint: text.classNameHint, maxLength: 40, required: true },
  { name: 'classSection', label: text.classSection, hint: text.classSectionHint, maxLength: 10 },
];

export function ClassFormDialog({ editing, classes, onSave, onClose }: ClassFormDialogProps) {
  const language = useLanguage();
  const fields = useMemo(() => fieldsIn(language), [language]);
  return (
    <RecordFormDialog
      title={editing ? text.editTitle({ name: classLabel(editing.className, editing.classSection) }) : text.addTitle}
      fields={fields}
      initial={{ className: editing?.className ?? '', classSection: editing?.classSection ?? '' }}
      schema={classInputSchema}
      duplicate={(data) => {
        const key = classKey(data.className, data.classSection);
        const taken = classes.some((item) => item.id !== editing?.id && classKey(item.className, item.classSection) === key);
        return taken ? { className: messages.classes.duplicate } : null;
      }}
      onSave={onSave}
      onClose={onClose}
      cancelLabel={text.cancel}
      saveLabel={text.save}
    />
  );
}
