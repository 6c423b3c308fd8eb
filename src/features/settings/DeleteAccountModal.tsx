/** Account deletion is not self-service (spec sections 2 and 6): who to ask, and a prefilled e-mail. */
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { deletionMailto } from '../../kit/profile-rows';

export interface DeleteAccountModalProps {
  open: boolean;
  onClose: () => void;
  name: string;
  userId: string;
  role: string;
}

export function DeleteAccountModal({ open, onClose, name, userId, role }: DeleteAccountModalProps) {
  const text = t.deleteAccount;
  const mailto = deletionMailto(text.contactEmail, text.mailSubject, text.mailBody(name, userId, role));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={text.title}
      actions={
        <>
          <a className="btn btn-secondary" href={mailto}>
            {text.emailAdmin}
          </a>
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            {text.gotIt}
          </button>
        </>
      }
    >
      <p>{text.body}</p>
      <h3 className="settings-contact-heading">{text.contactHeading}</h3>
      <p className="settings-contact-name">{text.contactName}</p>
      <dl className="settings-contact">
        <dt>{text.emailLabel}</dt>
        <dd>
          <a href={`mailto:${text.contactEmail}`}>{text.contactEmail}</a>
        </dd>
        <dt>{text.phoneLabel}</dt>
        <dd>
          <a href={`tel:${text.contactPhone.replace(/\s+/g, '')}`}>{text.contactPhone}</a>
        </dd>
        <dt>{text.hoursLabel}</dt>
        <dd>{text.contactHours}</dd>
      </dl>
    </Modal>
  );
}
