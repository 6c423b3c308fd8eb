/**
 * The family screens' child switcher: the student in `?studentId=` (else the first), and a select
 * shown when the device holds more than one student. Switching keeps the screen's other
 * parameters (the attendance month, say).
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';

interface Child {
  id: string;
  firstName: string;
  lastName: string;
}

const nameOf = (row: Child) => `${row.firstName} ${row.lastName}`.trim();

export function useChosenStudent<T extends Child>(students: readonly T[] | undefined): T | undefined {
  const [params] = useSearchParams();
  const chosen = params.get('studentId');
  return students?.find((row) => row.id === chosen) ?? students?.[0];
}

export function ChildChooser({ students, student, className = '' }: { students: readonly Child[] | undefined; student: Child | undefined; className?: string }) {
  useLanguage();
  const [params, setParams] = useSearchParams();
  const id = useId();
  if (!students || students.length < 2) return null;
  const choose = (studentId: string) => {
    const search = new URLSearchParams(params);
    search.set('studentId', studentId);
    setParams(search, { replace: true });
  };
  return (
    <div className={`panel ${className}`.trim()}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {text.chooseChild}
        </label>
        <select id={id} className="field-input" value={student?.id ?? ''} onChange={(event) => choose(event.target.value)}>
          {students.map((row) => (
            <option key={row.id} value={row.id}>
              {nameOf(row)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
