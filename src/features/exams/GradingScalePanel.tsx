/**
 * The school's grading scale (admins, online): the grades from the highest down with the percentage
 * each starts at, and the grades of graded-only subjects. Saved for exams added from now on; an
 * exam keeps the scale it was added with, so a published result never changes.
 */
import { say, useLanguage } from '../../i18n';
import { useEffect, useId, useState } from 'react';
import { gradingScaleSchema, type GradingScale } from '../../../contract/exams';
import { useOnline } from '../../kit/use-online';
import { fetchScale, saveScale } from './scale-service';
import { examTexts as text } from './texts';

export function GradingScalePanel() {
  useLanguage();
  const online = useOnline();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [scale, setScale] = useState<GradingScale | null>(null);
  const [graded, setGraded] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!open || scale || !online) return;
    const abort = new AbortController();
    fetchScale(abort.signal).then(
      (loaded) => {
        setScale(loaded);
        setGraded(loaded.gradedOnly.join(', '));
      },
      () => setStatus({ ok: false, message: text.scale.loadFailed }),
    );
    return () => abort.abort();
  }, [open, scale, online]);

  const save = async () => {
    if (!scale) return;
    const candidate = { bands: scale.bands, gradedOnly: graded.split(',').map((grade) => grade.trim()).filter(Boolean) };
    const parsed = gradingScaleSchema.safeParse(candidate);
    if (!parsed.success) {
      setStatus({ ok: false, message: parsed.error.issues[0]?.message ?? text.scale.loadFailed });
      return;
    }
    setStatus(await saveScale(parsed.data));
  };

  return (
    <details className="panel" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>{text.scale.heading}</summary>
      {!online && <p className="alert alert-info">{text.scale.offline}</p>}
      {scale && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <table className="ex-table">
            <caption>{text.scale.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.scale.grade}</th>
                <th scope="col">{text.scale.from}</th>
              </tr>
            </thead>
            <tbody>
              {scale.bands.map((band, index) => (
                <tr key={index}>
                  <td>
                    <input
                      className="field-input ex-short"
                      aria-label={text.scale.gradeLabel({ row: index + 1 })}
                      value={band.grade}
                      onChange={(event) => setScale({ ...scale, bands: scale.bands.map((one, i) => (i === index ? { ...one, grade: event.target.value } : one)) })}
                    />
                  </td>
                  <td>
                    <input
                      className="field-input ex-short"
                      inputMode="decimal"
                      aria-label={text.scale.fromLabel({ row: index + 1 })}
                      value={String(band.min)}
                      onChange={(event) => setScale({ ...scale, bands: scale.bands.map((one, i) => (i === index ? { ...one, min: Number(event.target.value) } : one)) })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-graded`}>
              {text.scale.gradedOnly}
            </label>
            <input id={`${ids}-graded`} className="field-input" value={graded} onChange={(event) => setGraded(event.target.value)} />
          </div>
          {status && (
            <p className={status.ok ? 'alert alert-success' : 'alert alert-error'} role="status">
              {say(status.message)}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={!online}>
            {text.scale.save}
          </button>
        </form>
      )}
    </details>
  );
}
