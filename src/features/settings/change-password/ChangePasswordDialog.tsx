/**
 * Change password (spec: the /settings Change Password button): current password, new password with
 * its rules shown as a checklist before submitting, and a confirmation. On success this device keeps
 * its session with the fresh token the server returns; every other device is signed out.
 *
 * Usage: <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../contract/messages';
import { passwordChecklist, passwordProblems } from '../../../../contract/password-rules';
import { sessionStore } from '../../../session/session-store';
import { useSessionSnapshot } from '../../../session/use-session';
import { say, useLanguage } from '../../../i18n';
import { accountTexts } from '../../../kit/account-texts';
import { PasswordField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { changePassword } from './change-password-service';
import './change-password.css';

/** The dialog's texts: the `changePassword` messages of the account catalog (src/kit/account-texts.ts). */
export const changePasswordTexts = accountTexts.changePassword;

interface Errors {
  currentPassword?: string;
  newPassword?: string;
  confirm?: string;
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  useLanguage();
  const { session } = useSessionSnapshot();
  const email = session?.username ?? '';
  const formId = useId();
  const rulesId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const context = { email, current };
  const text = changePasswordTexts;

  const clear = (field: keyof Errors) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {
      currentPassword: current ? undefined : messages.password.currentRequired,
      newPassword: passwordProblems(next, context)[0],
      confirm: !confirm ? messages.register.confirmRequired : confirm !== next ? messages.register.mismatch : undefined,
    };
    setErrors(found);
    setFormError('');
    if (found.currentPassword || found.newPassword || found.confirm) return;
    setBusy(true);
    const outcome = await changePassword(current, next);
    setBusy(false);
    if (outcome.ok) {
      sessionStore.replaceToken(outcome.token);
      toast.success(say(outcome.message));
      onClose();
      return;
    }
    if (outcome.field) setErrors({ [outcome.field]: outcome.message });
    else setFormError(outcome.message);
  };

  return (
    <>
      <p>{text.intro}</p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={text.current}
          name="currentPassword"
          autoComplete="current-password"
          data-autofocus
          value={current}
          error={errors.currentPassword && say(errors.currentPassword)}
          onChange={(event) => {
            setCurrent(event.target.value);
            clear('currentPassword');
          }}
        />
        <PasswordField
          label={text.next}
          name="newPassword"
          autoComplete="new-password"
          aria-describedby={rulesId}
          value={next}
          error={errors.newPassword && say(errors.newPassword)}
          onChange={(event) => {
            setNext(event.target.value);
            clear('newPassword');
          }}
        />
        <div className="cp-rules" id={rulesId}>
          <p className="cp-rules-title">{text.rulesTitle}</p>
          <ul>
            {passwordChecklist(next, context).map((rule) => (
              <li key={rule.id} className={rule.met ? 'is-met' : undefined} data-rule={rule.id} data-met={rule.met}>
                <span aria-hidden="true">{rule.met ? '✓' : '•'}</span> {say(rule.label)}
                <span className="visually-hidden"> ({rule.met ? text.met : text.notMet})</span>
              </li>
            ))}
          </ul>
        </div>
        <PasswordField
          label={text.confirm}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          error={say(errors.confirm ?? (confirm && confirm !== next ? messages.register.mismatch : '')) || undefined}
          onChange={(event) => {
            setConfirm(event.target.value);
            clear('confirm');
          }}
        />
      </form>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          {text.cancel}
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </>
  );
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useLanguage();
  return (
    <Modal open={open} title={changePasswordTexts.title} onClose={onClose}>
      <ChangePasswordForm onClose={onClose} />
    </Modal>
  );
}

export default ChangePasswordDialog;
