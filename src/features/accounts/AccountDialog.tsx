/** The frame the approve and reset-password dialogs share: one account, a form keyed by it, Cancel and submit. */
import type { ComponentType } from 'react';
import type { Account } from '../../../contract/account';
import { Modal } from '../../ui/Modal';
import type { Outcome } from './accounts-service';
import { useLanguage } from '../../i18n';

export interface AccountFormProps {
  account: Account;
  online: boolean;
  onDone: (outcome: Outcome) => void;
  onClose: () => void;
}

export interface AccountDialogProps extends Omit<AccountFormProps, 'account'> {
  /** The account acted on; none keeps the dialog closed. */
  account: Account | null;
}

/**
 * A new account gets a fresh form (its key), so nothing typed for one user is sent for another.
 * Once the form is done the dialog closes, then `onDone` reports the outcome.
 */
export function AccountDialog({ account, title, Form, online, onDone, onClose }: AccountDialogProps & { title: (username: string) => string; Form: ComponentType<AccountFormProps> }) {
  useLanguage();
  const done = (outcome: Outcome) => {
    onClose();
    onDone(outcome);
  };
  return (
    <Modal open={account !== null} title={account ? title(account.username) : ''} onClose={onClose}>
      {account && <Form key={account.id} account={account} online={online} onDone={done} onClose={onClose} />}
    </Modal>
  );
}

/** Cancel, and the submit button of the form `formId` (busy while sending, waiting while offline). */
export function AccountDialogButtons({ formId, busy, online, onClose, labels }: { formId: string; busy: boolean; online: boolean; onClose: () => void; labels: { cancel: string; submit: string; submitting: string } }) {
  useLanguage();
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {labels.cancel}
      </button>
      <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !online}>
        {busy ? labels.submitting : labels.submit}
      </button>
    </div>
  );
}
