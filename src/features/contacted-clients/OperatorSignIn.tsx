/** Operator sign-in: no school is chosen; the token is kept for this tab only. */
import { useState, type FormEvent } from 'react';
import type { OperatorSession } from '../../../contract/operator';
import { messages } from '../../../contract/messages';
import { PasswordField, TextField } from '../../ui/fields';
import { operatorSignIn, OperatorApiError } from './operator-api';
import { operatorTexts as text } from './texts';
import { say, useLanguage } from '../../i18n';

export function OperatorSignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (session: OperatorSession) => void }) {
  useLanguage();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [formError, setFormError] = useState(notice ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      username: !username.trim() ? messages.login.usernameRequired : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username.trim()) ? undefined : messages.login.emailInvalid,
      password: password ? undefined : messages.login.passwordRequired,
    };
    setErrors(found);
    setFormError('');
    if (found.username || found.password) return;
    setBusy(true);
    try {
      onSignedIn(await operatorSignIn(username, password));
    } catch (error) {
      setFormError(error instanceof OperatorApiError ? error.message : messages.network.unexpected);
      setBusy(false);
    }
  };

  return (
    <section className="panel cc-signin" aria-labelledby="cc-signin-title">
      <h2 id="cc-signin-title">{text.signInTitle}</h2>
      <p>{text.signInIntro}</p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {say(formError)}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          label={text.username}
          name="username"
          type="email"
          autoComplete="username"
          value={username}
          error={errors.username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <PasswordField
          label={text.password}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? text.signingIn : text.signIn}
        </button>
      </form>
    </section>
  );
}
