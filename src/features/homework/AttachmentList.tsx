/**
 * A homework's attachments: each opens as a blob URL (fetched with the user's token, or from the
 * device when kept), and can be kept on the device on purpose; a kept, once-opened or fetched-ahead
 * file opens offline, and offline one that is not on the device says so before it is tapped.
 */
import { say, useLanguage } from '../../i18n';
import { useEffect, useState } from 'react';
import type { HomeworkAttachment } from '../../../contract/homework';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { readKeptList } from '../../sync-binding/kept-files';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { sizeLabel } from '../../sync-binding/keep-policy';
import { attachmentBlob, AttachmentUnavailable, isKeptOffline } from './attachments';
import { homeworkTexts as text } from './texts';

function AttachmentItem({ homeworkId, date, attachment }: { homeworkId: string; date: string; attachment: HomeworkAttachment }) {
  const online = useOnline() ?? true;
  const engine = useSyncEngine();
  const [kept, setKept] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  // Asked again whenever the kept files change (a parent's files arrive ahead, the space runs out).
  const keptList = useMirrorQuery(async (db) => (await readKeptList(db)).map((file) => file.path).join('|'), []);
  useEffect(() => {
    if (!engine) return undefined;
    let live = true;
    void isKeptOffline(engine, homeworkId, attachment.id).then((value) => live && setKept(value));
    return () => {
      live = false;
    };
  }, [engine, homeworkId, attachment.id, keptList]);

  const fetchFile = async (reason: 'opened' | 'kept'): Promise<Blob | null> => {
    if (!engine) return null;
    setBusy(true);
    setProblem(null);
    try {
      const { blob, kept: stays } = await attachmentBlob(engine, homeworkId, attachment, date, reason);
      setKept(stays);
      return blob;
    } catch (caught) {
      setProblem(!online ? text.student.notOffline : caught instanceof AttachmentUnavailable ? caught.message : text.student.openFailed);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const open = async () => {
    const blob = await fetchFile('opened');
    if (!blob) return;
    const url = URL.createObjectURL(new Blob([blob], { type: attachment.contentType }));
    setLink(url);
    window.open(url, '_blank');
  };

  return (
    <li className="hw-attachment">
      <span className="hw-attachment-name">
        {attachment.fileName} <span className="hw-attachment-size">({sizeLabel(attachment.size)})</span>
      </span>
      <span className="hw-attachment-actions">
        <button type="button" className="btn btn-secondary" aria-label={text.student.openLabel({ name: attachment.fileName })} disabled={busy} onClick={() => void open()}>
          {busy ? text.student.opening : text.student.open}
        </button>
        {kept ? (
          <span className="hw-kept">{text.student.keptOffline}</span>
        ) : (
          <button type="button" className="btn btn-secondary" aria-label={text.student.keepLabel({ name: attachment.fileName })} disabled={busy || kept === undefined} onClick={() => void fetchFile('kept')}>
            {text.student.keepOffline}
          </button>
        )}
      </span>
      {link && (
        <a className="hw-opened-link" href={link} target="_blank" rel="noreferrer">
          {attachment.fileName}
        </a>
      )}
      {problem ? (
        <p className="alert alert-error" role="alert">
          {say(problem)}
        </p>
      ) : (
        // Said before the tap: offline, a file never opened online cannot open.
        !online &&
        kept === false && <p className="hw-not-here">{text.student.notOffline}</p>
      )}
    </li>
  );
}

/** `date`: the homework's (assigned) date, by which older kept files go first when space runs out. */
export function AttachmentList({ homeworkId, date, attachments }: { homeworkId: string; date: string; attachments: readonly HomeworkAttachment[] }) {
  useLanguage();
  if (attachments.length === 0) return null;
  return (
    <div className="hw-attachments">
      <h3>{text.student.attachments}</h3>
      <ul>
        {attachments.map((attachment) => (
          <AttachmentItem key={attachment.id} homeworkId={homeworkId} date={date} attachment={attachment} />
        ))}
      </ul>
    </div>
  );
}
