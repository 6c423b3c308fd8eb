/**
 * The bell schedule (admins): the periods of each day, Monday to Saturday, teaching or break,
 * checked as typed (end after start, no overlap in a day: contract/timetable.ts periodProblems),
 * read from the mirror and saved whole through the outbox (`timetablePeriods.replace`), so it works
 * offline like the other editors: the device shows the new schedule at once and says it is waiting
 * until the school has it; a schedule changed at the school meanwhile is kept there and this one
 * goes to its history (the notice shows here and in the sync panel); a refusal (a period with
 * entries removed) shows here until dismissed.
 */
import { useState } from 'react';
import { type PeriodKind, periodProblems, type TimetableDay, timetableDays, timetableMessages } from '../../../contract/timetable';
import { weekdayName } from '../../ui/dates';
import type { KakshaDb } from '../../../sync';
import { replacePeriodsKindName } from '../../../sync/kinds/timetable';
import { useWriteReport } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import type { PeriodRow } from '../../../sync/modules/timetable';
import { timetableTexts as text } from './texts';
import { say, useLanguage } from '../../i18n';

/** Whether a schedule change waits on this device, and the school's refusal or "changed elsewhere" notices of one. */
async function scheduleState(db: KakshaDb) {
  const [waiting, rejected, conflicts] = await Promise.all([
    db.outbox.filter((entry) => entry.kind === replacePeriodsKindName).count(),
    db.rejected.filter((entry) => entry.kind === replacePeriodsKindName).toArray(),
    db.conflicts.filter((conflict) => conflict.entity === 'timetablePeriods').toArray(),
  ]);
  return { waiting: waiting > 0, rejected, conflicts };
}

interface Draft {
  key: string;
  id?: string;
  day: TimetableDay;
  name: string;
  startTime: string;
  endTime: string;
  kind: PeriodKind;
}

const toDrafts = (periods: readonly PeriodRow[]): Draft[] =>
  [...periods]
    .sort((a, b) => a.day - b.day || a.position - b.position)
    .map((period) => ({ key: period.id, id: period.id, day: period.day as TimetableDay, name: period.name, startTime: period.startTime, endTime: period.endTime, kind: period.kind }));

export function PeriodsEditor({ periods }: { periods: readonly PeriodRow[] }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const state = useMirrorQuery(scheduleState, []);
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const problems = periodProblems(drafts);

  const change = (key: string, values: Partial<Draft>) => setDrafts((list) => list.map((draft) => (draft.key === key ? { ...draft, ...values } : draft)));
  const add = (day: TimetableDay) => {
    const last = drafts.filter((draft) => draft.day === day).at(-1);
    const count = drafts.filter((draft) => draft.day === day && draft.kind === 'teaching').length;
    setDrafts((list) => [...list, { key: crypto.randomUUID(), day, name: `Period ${count + 1}`, startTime: last?.endTime ?? '08:00', endTime: last?.endTime ?? '08:40', kind: 'teaching' }]);
  };

  const save = async () => {
    if (!engine) return;
    const periods = drafts.map(({ id, day, name, startTime, endTime, kind }) => ({ ...(id ? { id } : {}), day, name: name.trim(), startTime, endTime, kind }));
    if (await report.attempt(() => engine.mutate(replacePeriodsKindName, { periods }), timetableMessages.periodsSaved)) setOpen(false);
  };

  const status = state && (
    <div className="tt-periods-status">
      <p className="field-hint" role="status" aria-live="polite" data-state={state.waiting ? 'pending' : 'synced'}>
        {state.waiting ? text.periods.waiting : text.periods.synced}
      </p>
      {state.rejected.map((entry) => (
        <div key={entry.id} className="alert alert-error" role="alert">
          <p>{text.periods.refused({ message: entry.message })}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void engine?.dismissRejected(entry.id)}>
            {text.periods.dismiss}
          </button>
        </div>
      ))}
      {state.conflicts.length > 0 && (
        <div className="alert alert-warning">
          <p>{text.periods.changedElsewhere}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              for (const conflict of state.conflicts) if (conflict.seq !== undefined) void engine?.dismissConflict(conflict.seq);
            }}
          >
            {text.periods.dismiss}
          </button>
        </div>
      )}
    </div>
  );

  if (!open) {
    return (
      <section className="panel no-print">
        <h2>{text.periods.heading}</h2>
        <p className="field-hint">{text.periods.hint}</p>
        {status}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setDrafts(toDrafts(periods));
            setOpen(true);
          }}
        >
          {text.periods.edit}
        </button>
      </section>
    );
  }
  return (
    <section className="panel tt-periods no-print" aria-labelledby="tt-periods-heading">
      <h2 id="tt-periods-heading">{text.periods.heading}</h2>
      {status}
      {timetableDays.map((day) => (
        <fieldset key={day}>
          <legend>{weekdayName(day)}</legend>
          <table className="tt-table">
            <thead>
              <tr>
                <th scope="col">{text.periods.name}</th>
                <th scope="col">{text.periods.start}</th>
                <th scope="col">{text.periods.end}</th>
                <th scope="col">{text.periods.kind}</th>
                <th scope="col">
                  <span className="visually-hidden">{text.periods.removePeriod({ name: '' })}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft, index) =>
                draft.day !== day ? null : (
                  <tr key={draft.key}>
                    <td>
                      <input aria-label={`${weekdayName(day)} ${text.periods.name}`} value={draft.name} onChange={(event) => change(draft.key, { name: event.target.value })} />
                      {problems.get(index) && <span className="tt-clash">{say(problems.get(index)!)}</span>}
                    </td>
                    <td>
                      <input type="time" aria-label={`${draft.name} ${text.periods.start}`} value={draft.startTime} onChange={(event) => change(draft.key, { startTime: event.target.value })} />
                    </td>
                    <td>
                      <input type="time" aria-label={`${draft.name} ${text.periods.end}`} value={draft.endTime} onChange={(event) => change(draft.key, { endTime: event.target.value })} />
                    </td>
                    <td>
                      <select aria-label={`${draft.name} ${text.periods.kind}`} value={draft.kind} onChange={(event) => change(draft.key, { kind: event.target.value as PeriodKind })}>
                        <option value="teaching">{text.periods.teaching}</option>
                        <option value="break">{text.periods.breakKind}</option>
                      </select>
                    </td>
                    <td>
                      <button type="button" className="btn btn-secondary" onClick={() => setDrafts((list) => list.filter((one) => one.key !== draft.key))}>
                        {text.periods.removePeriod({ name: draft.name })}
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <button type="button" className="btn btn-secondary" onClick={() => add(day)}>
            {text.periods.addPeriod}
          </button>
        </fieldset>
      ))}
      <div className="tt-controls">
        <button type="button" className="btn btn-primary" disabled={!engine || problems.size > 0} onClick={() => void save()}>
          {text.periods.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          {text.periods.close}
        </button>
      </div>
    </section>
  );
}
