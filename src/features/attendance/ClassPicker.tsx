/** The class select of the attendance screens, filled from the mirror (works offline). */
import { useId } from 'react';
import type { ClassRow } from '../../../sync';
import { attendanceTexts as text } from './texts';
import { classLabel as labelOf } from '../../../contract/class-label';
import { useLanguage } from '../../i18n';

export function classLabel(row: Pick<ClassRow, 'className' | 'classSection'>): string {
  return labelOf(row.className, row.classSection);
}

export function ClassPicker({
  classes,
  value,
  onChange,
}: {
  classes: readonly ClassRow[];
  value: string;
  onChange: (classId: string) => void;
}) {
  useLanguage();
  const id = useId();
  return (
    <div className="field att-field">
      <label className="field-label" htmlFor={id}>
        {text.classLabel}
      </label>
      <select id={id} className="field-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {!classes.some((row) => row.id === value) && (
          <option value="" disabled>
            {text.chooseClass}
          </option>
        )}
        {classes.map((row) => (
          <option key={row.id} value={row.id}>
            {classLabel(row)}
          </option>
        ))}
      </select>
    </div>
  );
}
