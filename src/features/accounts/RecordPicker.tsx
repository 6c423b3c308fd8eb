/**
 * Choosing the record an account belongs to, from the mirror (which holds the whole school for an
 * admin): students by name or admission ID, teachers by name, employee ID or e-mail. One record
 * (radio buttons) or several (a parent's children, checkboxes). Chosen and suggested records stay
 * at the top whatever the search says.
 */
import { useId, useMemo, useState } from 'react';
import type { ClassRow, KakshaDb, StudentRow, TeacherRow } from '../../../sync';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { TextField } from '../../ui/fields';
import { normalizeText } from '../../kit/search';
import { classWithSection } from '../../kit/profile-rows';
import { accountsTexts as text } from './texts';
import { teachersTable } from '../../../sync/modules/teachers';
import { studentsTable } from '../../../sync/modules/students';
import { classesTable } from '../../../sync/modules/classes';
import { say, useLanguage } from '../../i18n';

export type PickerKind = 'student' | 'teacher';

interface Choice {
  id: string;
  name: string;
  detail: string;
  haystack: string;
}

const shownAtMost = 20;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function studentChoice(row: StudentRow, classes: Map<string, ClassRow>): Choice {
  const name = `${row.firstName} ${row.lastName}`.trim();
  const schoolClass = row.classId ? classes.get(row.classId) : undefined;
  const className = classWithSection(schoolClass?.className, schoolClass?.classSection) ?? text.approve.noClass;
  const detail = [row.admissionId, className].filter(Boolean).join(' · ');
  return { id: row.id, name, detail, haystack: normalizeText(`${name} ${row.admissionId ?? ''}`) };
}

function teacherChoice(row: TeacherRow): Choice {
  const name = `${row.firstName} ${row.lastName}`.trim();
  const detail = [row.employeeId, row.emailId].filter(Boolean).join(' · ');
  return { id: row.id, name, detail, haystack: normalizeText(`${name} ${row.employeeId ?? ''} ${row.emailId ?? ''}`) };
}

async function choicesOf(db: KakshaDb, kind: PickerKind): Promise<Choice[]> {
  if (kind === 'teacher') return (await db.tableOf(teachersTable).toArray()).map(teacherChoice);
  const [students, classes] = await Promise.all([db.tableOf(studentsTable).toArray(), db.tableOf(classesTable).toArray()]);
  const byId = new Map(classes.map((row) => [row.id, row]));
  return students.map((row) => studentChoice(row, byId));
}

/** Students whose record names this e-mail, as the server links them at registration. */
export function suggestedIds(rows: readonly { id: string; [field: string]: unknown }[], field: string, email: string): string[] {
  const wanted = email.trim().toLowerCase();
  return rows.filter((row) => str(row[field]).trim().toLowerCase() === wanted).map((row) => row.id);
}

export interface RecordPickerProps {
  kind: PickerKind;
  multiple: boolean;
  selected: readonly string[];
  suggested: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  error?: string;
}

export function RecordPicker({ kind, multiple, selected, suggested, onChange, disabled = false, error }: RecordPickerProps) {
  useLanguage();
  const legendId = useId();
  const errorId = useId();
  const [query, setQuery] = useState('');
  const choices = useMirrorQuery((db) => choicesOf(db, kind), [kind]);

  const { shown, total } = useMemo(() => {
    const all = [...(choices ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const pinned = new Set([...selected, ...suggested]);
    const needle = normalizeText(query);
    const matches = all.filter((choice) => !pinned.has(choice.id) && (needle ? choice.haystack.includes(needle) : true));
    const top = all.filter((choice) => pinned.has(choice.id));
    return { shown: [...top, ...matches.slice(0, needle ? shownAtMost : Math.max(0, shownAtMost - top.length))], total: top.length + matches.length };
  }, [choices, query, selected, suggested]);

  const toggle = (id: string, checked: boolean) => {
    if (!multiple) return onChange(checked ? [id] : []);
    return onChange(checked ? [...selected.filter((other) => other !== id), id] : selected.filter((other) => other !== id));
  };

  return (
    <div className="acc-picker">
      <TextField
        label={kind === 'student' ? text.approve.searchStudents : text.approve.searchTeachers}
        type="search"
        value={query}
        autoComplete="off"
        data-autofocus
        onChange={(event) => setQuery(event.target.value)}
      />
      <fieldset className="acc-picker-list" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
        <legend id={legendId}>{text.approve.results}</legend>
        {choices === undefined && <p role="status">{text.loading}</p>}
        {choices !== undefined && shown.length === 0 && <p>{text.approve.noResults}</p>}
        <ul>
          {shown.map((choice) => (
            <li key={choice.id}>
              <label>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${legendId}-choice`}
                  value={choice.id}
                  checked={selected.includes(choice.id)}
                  onChange={(event) => toggle(choice.id, event.target.checked)}
                />
                <span className="acc-choice-name">{choice.name}</span>
                {choice.detail && <span className="acc-choice-detail">{choice.detail}</span>}
                {suggested.includes(choice.id) && <span className="acc-tag">{text.approve.suggestedTag}</span>}
              </label>
            </li>
          ))}
        </ul>
        {total > shown.length && <p className="acc-picker-more">{text.approve.more({ shown: shown.length, total })}</p>}
      </fieldset>
      {multiple && <p aria-live="polite">{text.approve.chosenChildren({ count: selected.length })}</p>}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {say(error)}
        </p>
      )}
    </div>
  );
}
