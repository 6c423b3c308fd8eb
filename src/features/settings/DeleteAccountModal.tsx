/**
 * Account deletion is not self-service (spec sections 2 and 6): who to ask, and a prefilled e-mail.
 * The contact is the school's own office, from the device's copy of the school's details (the phone
 * and e-mail the admin keeps on /admin/schools, src/kit/school-copy.ts), so it shows offline too once
 * the device has been online.
 */
import { useLanguage } from '../../i18n';
import { accountTexts } from '../../kit/account-texts';
import { Modal } from '../../ui/Modal';
import { deletionMailto } from '../../kit/profile-rows';
import { useSchoolCopy } from '../../kit/school-copy';

export interface DeleteAccountModalProps {
  open: boolean;
  onClose: () => void;
  name: string;
  userId: string;
  role: string;
}

export function DeleteAccountModal({ open, onClose, name, userId, role }: DeleteAccountModalProps) {
  useLanguage();
  const text = accountTexts.deleteAccount;
  const school = useSchoolCopy();
  const email = school?.email?.trim() || null;
  const phone = school?.phoneNumber?.trim() || null;
  const mailto = email ? deletionMailto(email, text.mailSubject, text.mailBody({ name, userId, role })) : null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={text.title}
      actions={
        <>
          {mailto && (
            <a className="btn btn-secondary" href={mailto}>
              {text.emailAdmin}
            </a>
          )}
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            {text.gotIt}
          </button>
        </>
      }
    >
      <p>{text.body}</p>
      <h3 className="settings-contact-heading">{text.contactHeading}</h3>
      {!school ? (
        <p>{text.contactUnknown}</p>
      ) : (
        <>
          <p className="settings-contact-name">{text.contactName({ school: school.schoolName })}</p>
          {email || phone ? (
            <dl className="settings-contact">
              {email && (
                <>
                  <dt>{text.emailLabel}</dt>
                  <dd>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </>
              )}
              {phone && (
                <>
                  <dt>{text.phoneLabel}</dt>
                  <dd>
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p>{text.contactMissing}</p>
          )}
        </>
      )}
    </Modal>
  );
}
