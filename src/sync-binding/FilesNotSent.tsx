/**
 * The sync panel's files: how many attached files wait to be sent, and each one the school refused
 * (415 wrong type, 413 too large ...) with its message, kept on the device until dismissed, so the
 * user can save it and attach a better one. Refused files are never sent again.
 */
import type { SyncEngine } from '../../sync';
import { saveFile } from '../ui/csv';
import { dismissFile } from './file-queue';
import type { FileSummary } from './file-sender';
import { say, useLanguage } from '../i18n';
import { syncTexts as text } from './texts';

export function FilesNotSent({ files, engine }: { files: FileSummary; engine: SyncEngine | null }) {
  useLanguage();
  if (files.waiting === 0 && files.refused.length === 0) return null;
  return (
    <section className="sync-section" aria-labelledby="sync-files-heading">
      <h3 id="sync-files-heading">{text.panel.filesHeading({ refused: files.refused.length })}</h3>
      {files.waiting > 0 && <p className="sync-empty">{text.panel.filesWaiting({ count: files.waiting })}</p>}
      {files.refused.length > 0 && (
        <ul className="sync-list">
          {files.refused.map((file) => (
            <li key={file.id} className="sync-item-problem">
              <span className="sync-item-title">{text.panel.fileRefused({ name: file.fileName })}</span>
              <span className="sync-item-message">{file.refused?.message && say(file.refused.message)}</span>
              <button type="button" className="btn btn-secondary" aria-label={text.panel.saveFile({ name: file.fileName })} onClick={() => saveFile(file.blob, file.fileName)}>
                {text.panel.save}
              </button>
              <button
                type="button"
                className="btn btn-secondary sync-dismiss"
                aria-label={text.panel.dismissFile({ name: file.fileName })}
                onClick={() => engine && void dismissFile(engine, file.id)}
              >
                {text.panel.dismiss}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
