/**
 * A leave application's one file (a medical certificate: a PDF or a photo), as homework's files
 * work on the device (src/kit/attached-files.ts, docs/decisions.md "Homework"). Chosen with the
 * application, it waits in the user's file queue (src/sync-binding/file-queue.ts) until the
 * application has reached the school, and the shell sends it once, offline or not when chosen.
 * Opened, it is fetched with the user's token and kept on the device under its API path, so it
 * opens offline after; never opened here, it says so offline before it is tapped. Who may open it
 * is the school's rule (the applicant's side and those who decide): the screens show the button
 * only to them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { leaveAttachmentExtensions, leaveMessages, leavePaths, type LeaveApplication, type LeaveAttachment } from '../../../contract/leave';
import type { SyncEngine } from '../../../sync';
import { leaveTable } from '../../../sync/modules/leave';
import { say, useLanguage } from '../../i18n';
import { AttachmentUnavailable, chosenFileProblem, isKeptOffline, keptAttachmentBlob } from '../../kit/attached-files';
import { useOnline } from '../../kit/use-online';
import { fileQueueOf, queueFiles } from '../../sync-binding/file-queue';
import { useSyncEngine } from '../../sync-binding/hooks';
import { sizeLabel } from '../../sync-binding/keep-policy';
import { leaveTexts as text } from './texts';

/** What the file chooser offers (the school still reads the type from the bytes). */
export const acceptedFiles = leaveAttachmentExtensions.join(',');

/** Why a chosen file cannot go (the school's own sentence), or null. */
export const leaveFileProblem = (file: File) => chosenFileProblem(file, leaveAttachmentExtensions, leaveMessages.attachmentWrongType);

/** Queues the file of an application just written to the device: it goes once the school has the application. */
export function queueLeaveFile(engine: SyncEngine, leaveId: string, file: File): Promise<string[]> {
  return queueFiles(engine, { table: leaveTable.name, recordId: leaveId, uploadPath: leavePaths.attachment(leaveId) }, [file]);
}

/** The names of files waiting on this device to be sent, by application. */
export function useWaitingFiles(): ReadonlyMap<string, string> {
  const engine = useSyncEngine();
  const files = useLiveQuery(
    async () => (engine ? (await fileQueueOf(engine).files.orderBy('queuedAt').toArray()).filter((file) => file.table === leaveTable.name && !file.refused) : []),
    [engine],
  );
  return new Map((files ?? []).map((file) => [file.recordId, file.fileName]));
}

const pathOf = (row: LeaveApplication, attachment: LeaveAttachment) => leavePaths.attachmentFile(row.id, attachment.id);

/** The attached file's name and size with an Open button; offline, whether it is on the device. */
export function LeaveFileLink({ row, attachment }: { row: LeaveApplication; attachment: LeaveAttachment }) {
  useLanguage();
  const online = useOnline() ?? true;
  const engine = useSyncEngine();
  const [kept, setKept] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const path = pathOf(row, attachment);

  useEffect(() => {
    if (!engine) return undefined;
    let live = true;
    void isKeptOffline(engine, path).then((value) => live && setKept(value));
    return () => {
      live = false;
    };
  }, [engine, path]);

  const open = async () => {
    if (!engine) return;
    setBusy(true);
    setProblem(null);
    try {
      const { blob, kept: stays } = await keptAttachmentBlob(engine, path, attachment.contentType, row.from);
      setKept(stays);
      const url = URL.createObjectURL(new Blob([blob], { type: attachment.contentType }));
      setLink(url);
      window.open(url, '_blank');
    } catch (caught) {
      setProblem(!online ? text.file.notOffline : caught instanceof AttachmentUnavailable ? caught.message : text.file.openFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="leave-file">
      <span className="leave-file-name">
        {text.file.attached({ name: attachment.fileName })} <span className="leave-file-size">({sizeLabel(attachment.size)})</span>
      </span>{' '}
      <button type="button" className="btn btn-secondary" aria-label={text.file.openLabel({ name: attachment.fileName })} disabled={busy} onClick={() => void open()}>
        {busy ? text.file.opening : text.file.open}
      </button>
      {link && (
        <a className="leave-file-opened" href={link} target="_blank" rel="noreferrer">
          {attachment.fileName}
        </a>
      )}
      {problem ? (
        <p className="alert alert-error" role="alert">
          {say(problem)}
        </p>
      ) : (
        !online && kept === false && <p className="leave-file-away">{text.file.notOffline}</p>
      )}
    </div>
  );
}
