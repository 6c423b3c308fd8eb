/**
 * Substitution: the periods of the teachers marked away (absent or on leave) on a date, each with
 * its substitute or "Uncovered", and for admins a choice among the teachers free then (by the
 * timetable, not away, not already substituting). Worked out from the mirror, written through the
 * outbox, so it works offline; the school checks again. The dashboard's "periods without a
 * substitute" opens it (?substitutes=date&entry=id): scrolled to, on that date, the period's
 * picker focused.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { clockTime, shortDate } from '../../ui/dates';
import { uncoveredOn } from './grid';
import { todayIso, type Names, type TimetableMirror } from './queries';
import { timetableTexts as text } from './texts';
import { timetableMessages } from '../../../contract/timetable';
import { useLanguage } from '../../i18n';

export interface SubstitutionTarget {
  date: string;
  entryId: string | null;
}

export function SubstitutionPanel({ mirror, names, canAssign, target }: { mirror: TimetableMirror; names: Names; canAssign: boolean; target?: SubstitutionTarget }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const dateId = useId();
  const panel = useRef<HTMLElement>(null);
  const [date, setDate] = useState(target?.date ?? todayIso());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const periods = useMemo(
    () => uncoveredOn(date, mirror.periods, mirror.entries, mirror.substitutions, mirror.marks, mirror.teachers.map((row) => row.id)),
    [date, mirror],
  );

  const assign = async (entryId: string) => {
    const teacherId = chosen[entryId];
    if (!engine || !teacherId) return;
    await report.attempt(() => engine.mutate('timetableSubstitutions.create', { entryId, date, teacherId }), timetableMessages.substituteAssigned);
  };
  useEffect(() => {
    if (!target) return;
    panel.current?.scrollIntoView?.({ block: 'start' });
    const picker = target.entryId ? panel.current?.querySelector<HTMLElement>(`[data-entry="${target.entryId}"] select, [data-entry="${target.entryId}"] button`) : null;
    (picker ?? panel.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [target]);
  const remove = (id: string) => report.attempt(() => engine!.mutate('timetableSubstitutions.delete', { id }), timetableMessages.substitutionRemoved);

  return (
    <section ref={panel} id="substitutes" className="panel no-print" aria-labelledby={`${dateId}-heading`}>
      <h2 id={`${dateId}-heading`} tabIndex={-1}>
        {text.substitution.heading}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={dateId}>
          {text.substitution.date}
        </label>
        <input id={dateId} type="date" className="field-input" value={date} onChange={(event) => event.target.value && setDate(event.target.value)} />
      </div>
      {periods.length === 0 ? (
        <p>{text.substitution.none}</p>
      ) : (
        <table className="tt-table">
          <caption>
            {text.substitution.caption} · {shortDate(date)}
          </caption>
          <thead>
            <tr>
              <th scope="col">{text.period}</th>
              <th scope="col">{text.substitution.className}</th>
              <th scope="col">{text.substitution.subject}</th>
              <th scope="col">{text.substitution.absent}</th>
              <th scope="col">{text.substitution.substitute}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map(({ entry, period, substitution, freeTeacherIds }) => {
              const label = `${period.name}, ${names.classes.get(entry.classId) ?? ''}`;
              return (
                <tr key={entry.id} data-entry={entry.id} data-uncovered={!substitution || undefined}>
                  <th scope="row">
                    {period.name} · {clockTime(period.startTime)}
                  </th>
                  <td>{names.classes.get(entry.classId)}</td>
                  <td>{names.subjects.get(entry.subjectId)}</td>
                  <td>{entry.teacherId ? names.teachers.get(entry.teacherId) : ''}</td>
                  <td>
                    {substitution ? (
                      <>
                        {names.teachers.get(substitution.teacherId)}{' '}
                        {canAssign && (
                          <button type="button" className="btn btn-secondary" aria-label={`${text.substitution.remove}: ${label}`} onClick={() => void remove(substitution.id)}>
                            {text.substitution.remove}
                          </button>
                        )}
                      </>
                    ) : !canAssign ? (
                      <span className="tt-clash">{text.substitution.uncovered}</span>
                    ) : freeTeacherIds.length === 0 ? (
                      <span className="tt-clash">{text.substitution.noneFree}</span>
                    ) : (
                      <>
                        <select
                          aria-label={`${text.substitution.substitute}: ${label}`}
                          value={chosen[entry.id] ?? ''}
                          onChange={(event) => setChosen({ ...chosen, [entry.id]: event.target.value })}
                        >
                          <option value="">{text.substitution.choose}</option>
                          {freeTeacherIds.map((id) => (
                            <option key={id} value={id}>
                              {names.teachers.get(id)}
                            </option>
                          ))}
                        </select>{' '}
                        <button type="button" className="btn btn-primary" disabled={!chosen[entry.id]} onClick={() => void assign(entry.id)}>
                          {text.substitution.assign}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
