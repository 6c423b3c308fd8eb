/**
 * The last step of the reset: a new password with its rules shown as a checklist before submitting,
 * confirmed once; on success the user goes to /login with the address filled in.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../contract/messages';
import { passwordProblems } from '../../../contract/password-rules';
import { PasswordField } from '../../ui/fields';
import { PasswordChecklist } from './PasswordChecklist';
import { saveRecovery } from '../../kit/recovery-state';
import { resetPassword } from './recovery-service';
import { say, useLanguage } from '../../i18n';
import { recoveryTexts as text } from './recovery-texts';

interface Props {
  email: string;
  resetToken: string;
  /** The reset token was refused (expired, used): start again from /forgotpassword. */
  onExpired: (message: string) => void;
}

export function NewPasswordStep({ email, resetToken, onExpired }: Props) {
  useLanguage();
  const navigate = useNavigate();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = confirm !== '' && confirm !== password;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems = passwordProblems(password, { email });
    const found = {
      password: problems[0],
      confirm: !confirm ? messages.register.confirmRequired : confirm !== password ? messages.register.mismatch : undefined,
    };
    setErrors(found);
    setFormError('');
    if (found.password || found.confirm) return;
    setBusy(true);
    const outcome = await resetPassword(email, resetToken, password);
    setBusy(false);
    if (outcome.ok) {
      saveRecovery(null);
      toast.success(say(outcome.data.message));
      navigate(`/login?email=${encodeURIComponent(email)}`, { replace: true });
      return;
    }
    if (outcome.message === messages.recovery.resetSessionExpired) onExpired(outcome.message);
    else setFormError(outcome.message);
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} aria-labelledby="new-password-title">
      <h2 id="new-password-title" className="recovery-step-title">
        {text.newPasswordTitle}
      </h2>
      <p className="recovery-subtitle">{text.newPasswordSubtitle}</p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={text.newPasswordLabel}
        name="newPassword"
        autoComplete="new-password"
        value={password}
        error={errors.password && say(errors.password)}
        aria-describedby={rulesId}
        onChange={(event) => {
          setPassword(event.target.value);
          if (errors.password) setErrors(({ password: _cleared, ...rest }) => rest);
        }}
      />
      <PasswordChecklist id={rulesId} password={password} context={{ email }} />
      <PasswordField
        label={text.confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        error={say(errors.confirm ?? (mismatch ? messages.register.mismatch : '')) || undefined}
        onChange={(event) => {
          setConfirm(event.target.value);
          if (errors.confirm) setErrors(({ confirm: _cleared, ...rest }) => rest);
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? text.saving : text.savePassword}
      </button>
    </form>
  );
}
