/**
 * Deleting one record of a list after asking: the question names the record; the list's notice then
 * says it was deleted, that deleting was cancelled, or why it failed (with the record's name).
 */
import { useState, type ReactNode } from 'react';
import type { MutationResult } from '../../sync';
import { ConfirmDialog } from './ConfirmDialog';
import { useWriteReport } from './write-report';
import { deleteFailureReason, type Notice } from './record-page';

export interface ConfirmedDeleteOptions<T> {
  /** Writes the delete; null while there is no engine yet. */
  remove: ((row: T) => Promise<MutationResult>) | null;
  deleted: string;
  cancelled: string;
  failed: (row: T, reason: string) => string;
  /** The reason when the error gives none. */
  fallbackReason: string;
  setNotice: (notice: Notice | null) => void;
  onDeleted?: (row: T) => void;
}

export function useConfirmedDelete<T>({ remove, deleted, cancelled, failed, fallbackReason, setNotice, onDeleted }: ConfirmedDeleteOptions<T>) {
  const report = useWriteReport();
  const [confirming, setConfirming] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    const row = confirming;
    if (!row || !remove || deleting) return;
    setDeleting(true);
    try {
      report.saved(deleted, await remove(row));
      onDeleted?.(row);
      setNotice({ tone: 'info', text: deleted });
    } catch (caught) {
      setNotice({ tone: 'error', text: failed(row, deleteFailureReason(caught, fallbackReason)) });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  const cancel = () => {
    setConfirming(null);
    setNotice({ tone: 'info', text: cancelled });
  };

  return { confirming, ask: setConfirming, deleting, confirm, cancel };
}

export interface DeleteTexts {
  confirmTitle: string;
  confirmDelete: string;
  cancel: string;
  confirmBody: (name: string) => string;
}

/**
 * The delete question; `children` add what the mirror knows against it (a class with students),
 * and `blocked` turns the delete off while it holds.
 */
export function DeleteConfirmDialog<T extends { name: string }>({
  flow,
  texts,
  blocked = false,
  children,
}: {
  flow: ReturnType<typeof useConfirmedDelete<T>>;
  texts: DeleteTexts;
  blocked?: boolean;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={flow.confirming !== null}
      title={texts.confirmTitle}
      confirmLabel={texts.confirmDelete}
      cancelLabel={texts.cancel}
      busy={flow.deleting || blocked}
      onConfirm={() => void flow.confirm()}
      onCancel={flow.cancel}
    >
      <p>{flow.confirming ? texts.confirmBody(flow.confirming.name) : ''}</p>
      {flow.confirming && children}
    </ConfirmDialog>
  );
}
