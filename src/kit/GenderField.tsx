/** The gender choice of the student, teacher and admission forms: not given, or one of the contract's genders. */
import type { ComponentProps } from 'react';
import { genders } from '../../contract/record-formats';
import { SelectField } from '../ui/fields';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';

export function GenderField(props: Omit<ComponentProps<typeof SelectField>, 'children'>) {
  useLanguage();
  return (
    <SelectField {...props}>
      <option value="">{text.gender.notGiven}</option>
      {genders.map((gender) => (
        <option key={gender} value={gender}>
          {text.gender.names[gender]}
        </option>
      ))}
    </SelectField>
  );
}
