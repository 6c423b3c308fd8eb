/**
 * /forgotpassword (spec sections 2, 4, 5): the e-mail address, checked with the spec's messages,
 * then a one-time code is requested and the user continues on /otp. Recovery belongs to the school
 * chosen on /school-selection; without one, the page asks for it first.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { recoveryEmailError } from '../../../contract/password-rules';
import { currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { TextField } from '../../ui/fields';
import { RecoveryCard } from './RecoveryCard';
import { loadRecovery, saveRecovery } from '../../kit/recovery-state';
import { requestCode } from './recovery-service';
import { say, useLanguage } from '../../i18n';
import { recoveryTexts as text } from './recovery-texts';

export default function ForgotPasswordPage() {
  useLanguage();
  const navigate = useNavigate();
  const [school] = useState(() => currentSchool(sessionStore.stores));
  const [email, setEmail] = useState(() => loadRecovery(school?.tenantId)?.email ?? '');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !school) return;
    const problem = recoveryEmailError(email);
    setError(problem ?? '');
    setFormError('');
    if (problem) return;
    setBusy(true);
    const outcome = await requestCode(email);
    setBusy(false);
    if (!outcome.ok) {
      setFormError(outcome.message);
      return;
    }
    saveRecovery({ email: email.trim().toLowerCase(), tenantId: school.tenantId, sentAt: Date.now(), wrongTries: 0 });
    navigate('/otp');
  };

  return (
    <RecoveryCard title={text.forgotTitle} subtitle={school?.schoolName ? text.forgotSubtitle({ school: school.schoolName }) : text.forgotSubtitleAnySchool} backTo="/login" backLabel={text.backToLogin}>
      {!school && (
        <div className="alert alert-warning recovery-school-prompt" role="status">
          <p>{text.noSchool}</p>
          <Link to="/school-selection" className="btn btn-primary">
            {text.chooseSchool}
          </Link>
        </div>
      )}
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          label={text.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={text.emailPlaceholder}
          value={email}
          disabled={!school}
          error={error && say(error)}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError('');
          }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !school}>
          {busy ? text.sending : text.sendCode}
        </button>
      </form>
      <p className="recovery-links">
        <Link to="/login">{text.backToLogin}</Link>
      </p>
    </RecoveryCard>
  );
}
