/**
 * The bell schedule (admins): the periods of each day, Monday to Saturday, teaching or break,
 * checked as typed (end after start, no overlap in a day: contract/timetable.ts periodProblems) and
 * saved whole at the school, so it needs a connection; the pull then brings it to every device.
 */
import { useState } from 'react';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { dayNames, periodProblems, timetableDays, type PeriodKind, type TimetableDay } from '../../../contract/timetable';
import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { useWriteReport } from '../../kit';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import type { PeriodRow } from '../../../sync/modules/timetable';
import { timetableTexts as text } from './texts';

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
  const engine = useSyncEngine();
  const online = useOnline() !== false;
  const report = useWriteReport();
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const problems = periodProblems(drafts);

  const change = (key: string, values: Partial<Draft>) => setDrafts((list) => list.map((draft) => (draft.key === key ? { ...draft, ...values } : draft)));
  const add = (day: TimetableDay) => {
    const last = drafts.filter((draft) => draft.day === day).at(-1);
    const count = drafts.filter((draft) => draft.day === day && draft.kind === 'teaching').length;
    setDrafts((list) => [...list, { key: crypto.randomUUID(), day, name: `Period ${count + 1}`, startTime: last?.endTime ?? '08:00', endTime: last?.endTime ?? '08:40', kind: 'teaching' }]);
  };

  const save = async () => {
    setError(null);
    try {
      const response = await apiRequest('PUT', paths.timetable.periods, {
        json: { periods: drafts.map(({ id, day, name, startTime, endTime, kind }) => ({ ...(id ? { id } : {}), day, name, startTime, endTime, kind })) },
      });
      report.saved(response.message ?? messages.timetable.periodsSaved);
      setOpen(false);
      await engine?.syncNow();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.network.unexpected);
    }
  };

  if (!open) {
    return (
      <section className="panel no-print">
        <h2>{text.periods.heading}</h2>
        <p className="field-hint">{text.periods.hint}</p>
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
      {!online && <p className="alert alert-warning">{text.periods.offline}</p>}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {timetableDays.map((day) => (
        <fieldset key={day}>
          <legend>{dayNames[day]}</legend>
          <table className="tt-table">
            <thead>
              <tr>
                <th scope="col">{text.periods.name}</th>
                <th scope="col">{text.periods.start}</th>
                <th scope="col">{text.periods.end}</th>
                <th scope="col">{text.periods.kind}</th>
                <th scope="col">
                  <span className="visually-hidden">{text.periods.removePeriod('')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft, index) =>
                draft.day !== day ? null : (
                  <tr key={draft.key}>
                    <td>
                      <input aria-label={`${dayNames[day]} ${text.periods.name}`} value={draft.name} onChange={(event) => change(draft.key, { name: event.target.value })} />
                      {problems.get(index) && <span className="tt-clash">{problems.get(index)}</span>}
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
                        {text.periods.removePeriod(draft.name)}
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
        <button type="button" className="btn btn-primary" disabled={!online || problems.size > 0} onClick={() => void save()}>
          {text.periods.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          {text.periods.close}
        </button>
      </div>
    </section>
  );
}
