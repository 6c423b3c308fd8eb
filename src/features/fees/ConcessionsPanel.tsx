/**
 * A class's concessions for the academic year (admins): who has one, on which heads, how much;
 * added, edited in place and removed through the outbox (record kinds), so offline too.
 */
import { say, useLanguage } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { type ConcessionKind, concessionKinds, type FeeConcession, feeMessages } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { formatRupees, parseRupees, rupeesInput } from '../../../contract/money';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { SelectField, TextField } from '../../ui/fields';
import { studentName, type FeeMirror } from './queries';
import { feeTexts as text } from './texts';

export function ConcessionsPanel({ mirror, classId, academicYear }: { mirror: FeeMirror; classId: string; academicYear: number }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const students = mirror.students.filter((row) => row.classId === classId).sort((a, b) => studentName(a).localeCompare(studentName(b)));
  const headNames = new Map(mirror.heads.map((head) => [head.id, head.name]));
  const given = mirror.concessions.filter((row) => row.academicYear === academicYear && students.some((student) => student.id === row.studentId));
  const [studentId, setStudentId] = useState('');
  const [kind, setKind] = useState<ConcessionKind>('sibling');
  const [headIds, setHeadIds] = useState<string[]>([]);
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = editingId ? given.find((row) => row.id === editingId) : undefined;
  const nameOf = (id: string) => {
    const student = mirror.students.find((one) => one.id === id);
    return student ? studentName(student) : '';
  };

  const clear = () => {
    setEditingId(null);
    setStudentId('');
    setKind('sibling');
    setHeadIds([]);
    setBy('percent');
    setValue('');
    setReason('');
    setError(undefined);
  };

  const edit = (row: FeeConcession) => {
    setEditingId(row.id);
    setStudentId(row.studentId);
    setKind(row.kind);
    setHeadIds([...row.headIds]);
    setBy(row.percent !== null ? 'percent' : 'amount');
    setValue(row.percent !== null ? String(row.percent) : rupeesInput(row.amount ?? 0));
    setReason(row.reason ?? '');
    setError(undefined);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const percent = by === 'percent' ? Number(value) : null;
    const amount = by === 'amount' ? parseRupees(value) : null;
    let why: string | undefined;
    if (!studentId) why = messages.records.fields.required(text.concessions.student);
    else if (headIds.length === 0) why = feeMessages.concessionHeads;
    else if (by === 'percent' && !(Number.isInteger(percent) && percent! >= 1 && percent! <= 100)) why = feeMessages.percent;
    else if (by === 'amount' && !amount) why = text.collect.badAmount;
    setError(why);
    if (why || !engine) return;
    const values = { studentId, academicYear, kind, headIds, percent, amount: amount ?? null, reason: reason.trim() || null };
    if (editing) {
      const id = editing.id;
      if (await report.attempt(() => engine.mutate('feeConcessions.update', { ...values, academicYear: editing.academicYear, id }), feeMessages.concessionUpdated)) clear();
      return;
    }
    const ok = await report.attempt(() => engine.mutate('feeConcessions.create', values), feeMessages.concessionAdded);
    if (ok) {
      setValue('');
      setReason('');
    }
  };

  const remove = (row: FeeConcession) => {
    if (!engine) return;
    if (row.id === editingId) clear();
    void report.attempt(() => engine.mutate('feeConcessions.delete', { id: row.id }), feeMessages.concessionDeleted);
  };

  return (
    <section aria-labelledby="fee-concessions" className="fee-structure-form">
      <h3 id="fee-concessions">{text.concessions.heading}</h3>
      {given.length === 0 ? (
        <p>{text.concessions.none}</p>
      ) : (
        <ul className="fee-receipt-list">
          {given.map((row) => {
            const name = nameOf(row.studentId);
            const size = row.percent !== null ? `${row.percent}%` : formatRupees(row.amount ?? 0);
            return (
              <li key={row.id}>
                {name} · {text.concessionKinds[row.kind]} · {size} {text.concessions.on} {row.headIds.map((id) => headNames.get(id) ?? '').join(', ')}
                {row.reason ? ` · ${row.reason}` : ''}{' '}
                <button type="button" className="btn btn-link" aria-label={text.concessions.edit({ name })} aria-pressed={row.id === editingId} onClick={() => edit(row)}>
                  {text.concessions.editShort}
                </button>{' '}
                <button type="button" className="btn btn-link" aria-label={text.concessions.remove({ name })} onClick={() => remove(row)}>
                  {text.concessions.removeShort}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} noValidate className="fee-toolbar" aria-label={editing ? text.concessions.editing({ name: nameOf(editing.studentId) }) : text.concessions.add}>
        <SelectField label={text.concessions.student} value={studentId} onChange={(event) => setStudentId(event.target.value)}>
          <option value="">{text.concessions.chooseStudent}</option>
          {students.map((row) => (
            <option key={row.id} value={row.id}>
              {studentName(row)}
            </option>
          ))}
        </SelectField>
        <SelectField label={text.concessions.kind} value={kind} onChange={(event) => setKind(event.target.value as ConcessionKind)}>
          {concessionKinds.map((value) => (
            <option key={value} value={value}>
              {text.concessionKinds[value]}
            </option>
          ))}
        </SelectField>
        <fieldset className="fee-layout">
          <legend>{text.concessions.heads}</legend>
          {mirror.heads.map((head) => (
            <label key={head.id}>
              <input
                type="checkbox"
                checked={headIds.includes(head.id)}
                onChange={(event) => setHeadIds((list) => (event.target.checked ? [...list, head.id] : list.filter((id) => id !== head.id)))}
              />{' '}
              {head.name}
            </label>
          ))}
        </fieldset>
        <SelectField label={text.concessions.by} value={by} onChange={(event) => setBy(event.target.value as 'percent' | 'amount')}>
          <option value="percent">{text.concessions.percent}</option>
          <option value="amount">{text.concessions.amount}</option>
        </SelectField>
        <TextField label={by === 'percent' ? text.concessions.percent : text.concessions.amount} inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
        <TextField label={text.concessions.reason} value={reason} onChange={(event) => setReason(event.target.value)} />
        {error && (
          <p className="alert alert-error" role="alert">
            {say(error)}
          </p>
        )}
        <button type="submit" className="btn" disabled={!engine}>
          {editing ? text.concessions.save : text.concessions.add}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={clear}>
            {text.concessions.cancel}
          </button>
        )}
      </form>
    </section>
  );
}
