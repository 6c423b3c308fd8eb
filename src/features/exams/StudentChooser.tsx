/** The child switcher of the family's exam screens (?studentId=), shown when the device holds more than one student. */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { StudentRow } from '../../../sync';
import { fullName } from './queries';
import { examTexts as text } from './texts';

export function useChosenStudent(students: readonly StudentRow[]): StudentRow | undefined {
  const [params] = useSearchParams();
  const chosen = params.get('studentId');
  return students.find((row) => row.id === chosen) ?? students[0];
}

export function StudentChooser({ students, student }: { students: readonly StudentRow[]; student: StudentRow | undefined }) {
  const [, setParams] = useSearchParams();
  const id = useId();
  if (students.length < 2) return null;
  return (
    <div className="panel field">
      <label className="field-label" htmlFor={id}>
        {text.student.choose}
      </label>
      <select id={id} className="field-input" value={student?.id ?? ''} onChange={(event) => setParams(new URLSearchParams({ studentId: event.target.value }), { replace: true })}>
        {students.map((row) => (
          <option key={row.id} value={row.id}>
            {fullName(row)}
          </option>
        ))}
      </select>
    </div>
  );
}
