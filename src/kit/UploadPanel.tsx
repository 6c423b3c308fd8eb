/**
 * Bulk upload of classes, students or teachers: choose a file, send it with a progress bar, then
 * show the server's answer (counts, or every problem row by row; nothing is imported then).
 * Offline the panel says an upload needs a connection and keeps the button disabled.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { maxUploadBytes, uploadAccept, uploadExtensions, type ImportEntity, type ImportResult, type TemplateFormat } from '../../contract/imports';
import { useSyncState } from '../sync-binding/hooks';
import { saveFile } from '../ui/csv';
import { recordsKitTexts as text } from './texts';
import './records-kit.css';
import { checkFile, fetchTemplate, uploadFile, type UploadOutcome } from './upload';
import { useLanguage } from '../i18n';

export interface UploadPanelProps {
  entity: ImportEntity;
  /** For the file input (defaults to .xlsx, .xls and .csv). */
  accept?: string;
  onImported?: (result: ImportResult) => void;
  heading?: string;
}

function useOnline(): boolean {
  const state = useSyncState();
  const [browserOnline, setBrowserOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return state ? state.online : browserOnline;
}

function extensionsOf(accept: string): string[] {
  const listed = accept
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.startsWith('.'));
  return listed.length > 0 ? listed : [...uploadExtensions];
}

export function UploadPanel({ entity, accept = uploadAccept, onImported, heading = text.upload.heading }: UploadPanelProps) {
  useLanguage();
  const id = useId();
  const online = useOnline();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const extensions = extensionsOf(accept);

  useEffect(() => () => abortRef.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !online) return;
    const error = checkFile(file, extensions, maxUploadBytes);
    setProblem(error);
    setOutcome(null);
    if (error || !file) {
      inputRef.current?.focus();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setProgress({ loaded: 0, total: file.size });
    try {
      const answer = await uploadFile({
        entity,
        file,
        signal: controller.signal,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
      });
      setOutcome(answer);
      if (answer.kind === 'imported') {
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
        onImported?.(answer.result);
      }
    } catch {
      // Aborted because the panel went away: nothing to show.
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setBusy(false);
      setProgress(null);
    }
  };

  const downloadTemplate = async (format: TemplateFormat) => {
    setTemplateError(null);
    try {
      saveFile(await fetchTemplate(entity, format), `${entity}-template.${format}`);
    } catch {
      setTemplateError(text.upload.templateFailed);
    }
  };

  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const sent = progress !== null && progress.total > 0 && progress.loaded >= progress.total;
  return (
    <section className="panel rk-upload" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-file`}>
            {text.upload.file}
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            className="field-input"
            type="file"
            accept={accept}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
              setOutcome(null);
            }}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {text.upload.fileHint({ extensions: extensions.join(', '), megabytes: Math.round(maxUploadBytes / 1024 / 1024) })}
          </p>
          {problem && (
            <p className="field-error" id={`${id}-problem`} role="alert">
              {problem}
            </p>
          )}
        </div>
        {!online && (
          <p className="alert alert-info" id={`${id}-offline`}>
            {text.upload.offline}
          </p>
        )}
        <div className="rk-upload-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !online}
            aria-describedby={!online ? `${id}-offline` : undefined}
          >
            {busy ? text.upload.uploading : text.upload.upload}
          </button>
          <span className="rk-upload-templates">
            {text.upload.templates}:{' '}
            <button type="button" className="rk-link" onClick={() => void downloadTemplate('xlsx')}>
              {text.upload.templateXlsx}
            </button>{' '}
            <button type="button" className="rk-link" onClick={() => void downloadTemplate('csv')}>
              {text.upload.templateCsv}
            </button>
          </span>
        </div>
        {templateError && (
          <p className="field-error" role="alert">
            {templateError}
          </p>
        )}
      </form>
      {progress && (
        <div className="rk-progress">
          <label htmlFor={`${id}-progress`}>{sent ? text.upload.processing : text.upload.progress}</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      <div aria-live="polite">
        {outcome?.kind === 'imported' && (
          <div className="alert alert-info" role="status">
            <p>{outcome.message}</p>
            <p>
              {text.upload.counts({ total: outcome.result.totalRows, created: outcome.result.created, updated: outcome.result.updated, unchanged: outcome.result.unchanged })}
            </p>
          </div>
        )}
        {outcome?.kind === 'failed' && <p className="alert alert-error">{outcome.message}</p>}
        {outcome?.kind === 'rejected' && <p className="alert alert-error">{outcome.message}</p>}
      </div>
      {outcome?.kind === 'rejected' && outcome.rejection.errors.length > 0 && (
        <div className="rk-scroll" role="region" aria-labelledby={`${id}-issues`} tabIndex={0}>
          <table className="rk-table rk-issues">
            <caption id={`${id}-issues`}>{text.upload.issuesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.upload.row}</th>
                <th scope="col">{text.upload.column}</th>
                <th scope="col">{text.upload.problem}</th>
              </tr>
            </thead>
            <tbody>
              {outcome.rejection.errors.map((issue, index) => (
                <tr key={`${issue.row}-${issue.column}-${index}`}>
                  <th scope="row">{issue.row}</th>
                  <td>{issue.column}</td>
                  <td>{issue.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {outcome.rejection.truncated && (
            <p className="field-hint">{text.upload.truncated({ shown: outcome.rejection.errors.length, total: outcome.rejection.errorCount })}</p>
          )}
        </div>
      )}
    </section>
  );
}
