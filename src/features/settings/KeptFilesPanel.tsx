/**
 * How much of the space given to kept files is used (src/sync-binding/kept-files.ts), and the
 * space itself: a parent's device keeps the children's homework files of the last four weeks, any
 * device the files opened on it; when the space is full the older go first.
 */
import { useId } from 'react';
import { t, useLanguage } from '../../i18n';
import { useSyncEngine } from '../../sync-binding/hooks';
import { filesBudgetChoices, sizeLabel } from '../../sync-binding/keep-policy';
import { readFilesBudget, readKeptList, setFilesBudget } from '../../sync-binding/kept-files';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';

export function KeptFilesPanel({ role }: { role: string | undefined }) {
  useLanguage();
  const text = t.settings.files;
  const engine = useSyncEngine();
  const budgetId = useId();
  const kept = useMirrorQuery(async (db) => ({ files: await readKeptList(db), budget: await readFilesBudget(db) }), []);
  const used = kept?.files.reduce((sum, file) => sum + file.size, 0) ?? 0;
  return (
    <section className="panel settings-panel" aria-labelledby="settings-files">
      <h2 id="settings-files">{text.heading}</h2>
      <p>{role === 'parent' ? text.family : text.others}</p>
      {!engine || !kept ? (
        <p className="alert alert-info">{text.noEngine}</p>
      ) : (
        <>
          <p className="settings-files-used" role="status">
            {text.used({ count: kept.files.length, used: sizeLabel(used), budget: sizeLabel(kept.budget) })}
          </p>
          <meter className="settings-files-meter" min={0} max={kept.budget} value={used} aria-label={text.heading} />
          <div className="field">
            <label className="field-label" htmlFor={budgetId}>
              {text.budget}
            </label>
            <select id={budgetId} className="field-input" value={kept.budget} onChange={(event) => void setFilesBudget(engine, Number(event.target.value))}>
              {[...new Set([...filesBudgetChoices, kept.budget])]
                .sort((a, b) => a - b)
                .map((bytes) => (
                  <option key={bytes} value={bytes}>
                    {sizeLabel(bytes)}
                  </option>
                ))}
            </select>
          </div>
          <p className="field-hint">{text.olderFirst}</p>
        </>
      )}
    </section>
  );
}
