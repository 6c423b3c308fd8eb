/**
 * An admin sets a new password for a user: the password rules (contract/password-rules.ts) are
 * listed and ticked off as the admin types, before anything is sent; the password goes in the
 * JSON body only. The user's sessions end on the server.
 */
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages';
import { passwordChecklist, passwordProblems } from '../../../contract/password-rules';
import { PasswordField } from '../../ui/fields';
import { AccountDialog, AccountDialogButtons, type AccountDialogProps, type AccountFormProps } from './AccountDialog';
import { resetAccountPassword } from './accounts-service';
import { accountsTexts as text } from './texts';
import { say, useLanguage } from '../../i18n';

interface Errors {
  newPassword?: string;
  confirm?: string;
}

function ResetForm({ account, online, onDone, onClose }: AccountFormProps) {
  useLanguage();
  const formId = useId();
  const rulesId = useId();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const context = { email: account.username };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !online) return;
    const found: Errors = {
      newPassword: passwordProblems(next, context)[0],
      confirm: !confirm ? messages.register.confirmRequired : confirm !== next ? messages.register.mismatch : undefined,
    };
    setErrors(found);
    setFormError('');
    if (found.newPassword || found.confirm) return;
    setBusy(true);
    const outcome = await resetAccountPassword(account.id, next);
    setBusy(false);
    if (outcome.ok) onDone(outcome);
    else setFormError(outcome.message);
  };

  return (
    <>
      <p>{text.reset.intro}</p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy}>
        <input type="email" name="username" autoComplete="off" value={account.username} readOnly hidden />
        <PasswordField
          label={text.reset.next}
          name="newPassword"
          autoComplete="new-password"
          data-autofocus
          aria-describedby={rulesId}
          value={next}
          error={errors.newPassword}
          onChange={(event) => {
            setNext(event.target.value);
            setErrors(({ newPassword: _cleared, ...rest }) => rest);
          }}
        />
        <div className="acc-rules" id={rulesId}>
          <p className="acc-rules-title">{text.reset.rulesTitle}</p>
          <ul>
            {passwordChecklist(next, context).map((rule) => (
              <li key={rule.id} className={rule.met ? 'is-met' : undefined} data-rule={rule.id} data-met={rule.met}>
                <span aria-hidden="true">{rule.met ? '✓' : '•'}</span> {rule.label}
                <span className="visually-hidden"> ({rule.met ? text.reset.met : text.reset.notMet})</span>
              </li>
            ))}
          </ul>
        </div>
        <PasswordField
          label={text.reset.confirm}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm ?? (confirm && confirm !== next ? messages.register.mismatch : undefined)}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors(({ confirm: _cleared, ...rest }) => rest);
          }}
        />
      </form>
      <AccountDialogButtons formId={formId} busy={busy} online={online} onClose={onClose} labels={text.reset} />
    </>
  );
}

export function ResetPasswordDialog(props: AccountDialogProps) {
  useLanguage();
  return <AccountDialog {...props} title={(username) => text.reset.title({ username })} Form={ResetForm} />;
}
