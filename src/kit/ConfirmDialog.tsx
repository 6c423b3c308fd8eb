/** A question that needs an answer (delete ...): the safe button has focus; Escape or outside closes. */
import type { ReactNode } from 'react';
import { Modal } from '../ui/Modal';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button (deleting). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = text.confirm.cancel, danger = true, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  useLanguage();
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-secondary" data-autofocus onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="rk-confirm-body">{children}</div>
    </Modal>
  );
}
