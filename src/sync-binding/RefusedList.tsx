/**
 * The sync panel's "Not accepted by the school" list: each refused change with the school's reason
 * and what it was (its fields, or a sheet's marks), kept on the device until the user dismisses it,
 * and the whole list copied as text or exported as JSON or CSV so nothing has to be typed from memory.
 */
import { useState } from 'react';
import type { RejectedEntry, SyncEngine } from '../../sync';
import type { Column } from '../ui/columns';
import { recordsCsv, saveFile } from '../ui/csv';
import { formatWhen } from './format';
import { refusedAsJson, refusedAsText, refusedChange, refusedCsvRows, type RefusedChange, type RefusedCsvRow, type RefusedLookups } from './refused';
import { say, useLanguage } from '../i18n';
import { syncTexts } from './texts';

const text = syncTexts.refused;

/** The export's columns, headed in the language of the moment. */
const csvColumns = (): Column<RefusedCsvRow>[] =>
  (['change', 'reason', 'savedAt', 'refusedAt', 'item', 'value'] as const).map((key) => ({
    key,
    header: text.csv[key],
    text: (row) => row[key],
  }));

function Details({ change }: { change: RefusedChange }) {
  return (
    <details className="sync-refused-details" open>
      <summary>{text.showDetails}</summary>
      {change.fields.length > 0 && (
        <dl className="sync-refused-fields">
          {change.fields.map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {change.marks.length > 0 && (
        <table className="sync-refused-marks">
          <caption>{text.marks}</caption>
          <thead>
            <tr>
              <th scope="col">{text.student}</th>
              <th scope="col">{text.mark}</th>
              <th scope="col">{text.remark}</th>
            </tr>
          </thead>
          <tbody>
            {change.marks.map((mark, index) => (
              <tr key={index}>
                <th scope="row">{mark.student}</th>
                <td>{mark.status}</td>
                <td>{mark.remark}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

export function RefusedList({
  entries,
  lookups,
  engine,
  limit,
  dismissLabel,
  moreLabel,
}: {
  entries: readonly RejectedEntry[];
  lookups: RefusedLookups;
  engine: SyncEngine | null;
  limit: number;
  dismissLabel: string;
  moreLabel: (count: number) => string;
}) {
  useLanguage();
  const [status, setStatus] = useState('');
  const changes = entries.map((entry) => refusedChange(entry, lookups));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(refusedAsText(changes));
      setStatus(text.copied);
    } catch {
      setStatus(text.copyFailed);
    }
  };
  const exportJson = () =>
    saveFile(new Blob([refusedAsJson(changes, entries)], { type: 'application/json' }), `${text.fileName}.json`);
  const exportCsv = async () => saveFile(await recordsCsv(csvColumns(), refusedCsvRows(changes)), `${text.fileName}.csv`);

  return (
    <>
      <p className="sync-note">{text.keptNote}</p>
      <div className="sync-refused-actions" role="group" aria-label={syncTexts.panel.rejectedHeading({ count: entries.length })}>
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {text.copy}
        </button>
        <button type="button" className="btn btn-secondary" onClick={exportJson}>
          {text.exportJson}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()}>
          {text.exportCsv}
        </button>
        <span className="sync-refused-status" role="status">
          {status}
        </span>
      </div>
      <ul className="sync-list">
        {changes.slice(0, limit).map((change) => (
          <li key={change.id} className="sync-item-problem sync-refused">
            <span className="sync-item-title">{change.title}</span>
            <span className="sync-item-message">{say(change.reason)}</span>
            <span className="sync-item-meta">
              {text.savedAt} {formatWhen(change.savedAt)} · {text.refusedAt} {formatWhen(change.refusedAt)}
            </span>
            <Details change={change} />
            <button type="button" className="btn btn-secondary sync-dismiss" onClick={() => void engine?.dismissRejected(change.id)}>
              {dismissLabel}
            </button>
          </li>
        ))}
        {entries.length > limit && <li className="sync-more">{moreLabel(entries.length - limit)}</li>}
      </ul>
    </>
  );
}
