/**
 * /login (spec sections 2, 4, 5 and 8): sign in to the school chosen on /school-selection.
 * Query parameters: email and password prefill the form (the password then leaves the address bar
 * and the history entry at once), action=deleteAccount sends the user on to the deletion modal.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { afterToastShown } from '../../ui/after-toast';
import { messages } from '../../../contract/messages';
import { say, t, useLanguage } from '../../i18n';
import { adoptAccountLanguage } from '../../i18n/account-language';
import { loginRedirectPath } from '../../session/login-redirect';
import { currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { PasswordField, TextField } from '../../ui/fields';
import { BackIcon } from '../../ui/icons';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LoadingFallback } from '../../ui/LoadingFallback';
import { signIn } from './login-service';
import { stripPasswordParam } from './password-query';
import { validateLogin, type LoginErrors } from './validation';
import './auth.css';

/** Spec section 9: the redirect follows the success message after 500 ms. */
export const postLoginDelayMs = 500;

export default function LoginPage() {
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const action = params.get('action');
  const [school] = useState(() => currentSchool(sessionStore.stores));
  const [checking, setChecking] = useState(true);
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState(() => stripPasswordParam(location.search).password ?? '');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const cancelRedirect = useRef<() => void>(() => undefined);

  // The password has been read into the field above; drop it from the URL, replacing the entry.
  useLayoutEffect(() => {
    const stripped = stripPasswordParam(location.search);
    if (stripped.changed) {
      navigate(
        { pathname: location.pathname, search: stripped.search, hash: location.hash },
        { replace: true, state: location.state },
      );
    }
  }, [location.search, location.pathname, location.hash, location.state, navigate]);

  // Loading check: someone already signed in goes straight on.
  useEffect(() => {
    const session = sessionStore.current();
    if (session) navigate(loginRedirectPath(session.role, action), { replace: true });
    else setChecking(false);
  }, [action, navigate]);

  useEffect(() => () => cancelRedirect.current(), []);

  useEffect(() => {
    document.title = `${t.auth.signIn} · ${messages.ui.productName}`;
  }, [language]);

  const noSchool = school === null;
  const heading = t.auth.welcomeTitle({ school: school?.schoolName || messages.ui.productName });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin({ email, password, hasSchool: !noSchool });
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const outcome = await signIn(email, password);
    if (!outcome.ok) {
      setFormError(outcome.message);
      setBusy(false);
      return;
    }
    const session = sessionStore.login({ username: email.trim(), token: outcome.token, profile: outcome.profile });
    if (!session) {
      // The Profile Load Error dialog (app level) explains; the form stays.
      setBusy(false);
      return;
    }
    // The account's language from now on, or this device's for an account that never chose one.
    void adoptAccountLanguage(outcome.language);
    toast.success(say(messages.login.success));
    cancelRedirect.current = afterToastShown(postLoginDelayMs, () => {
      navigate(loginRedirectPath(session.role, action), { replace: true });
    });
  };

  if (checking) return <LoadingFallback />;

  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-top">
          <Link to="/school-selection" className="icon-button" aria-label={t.auth.backToSchools} title={t.auth.backToSchools}>
            <BackIcon />
          </Link>
          <span className="auth-brand">{messages.ui.productName}</span>
          <LanguagePicker className="auth-language" />
        </div>
        <h1>{heading}</h1>
        <p className="auth-subtitle">{t.auth.loginSubtitle}</p>

        {noSchool && (
          <div className="alert alert-warning auth-school-prompt" role="status">
            <p>{say(messages.login.schoolRequired)}</p>
            <Link to="/school-selection" className="btn btn-primary">
              {t.auth.chooseSchool}
            </Link>
          </div>
        )}
        {action === 'deleteAccount' && !noSchool && <p className="alert alert-info">{t.auth.deleteAccountNote}</p>}
        {formError && (
          <p className="alert alert-error" role="alert">
            {say(formError)}
          </p>
        )}

        <form noValidate onSubmit={submit} aria-busy={busy}>
          <TextField
            label={t.auth.emailLabel}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t.auth.emailPlaceholder}
            value={email}
            disabled={noSchool}
            error={errors.email && say(errors.email)}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email) setErrors(({ email: _cleared, ...rest }) => rest);
            }}
          />
          <PasswordField
            label={t.auth.passwordLabel}
            name="password"
            autoComplete="current-password"
            value={password}
            disabled={noSchool}
            error={errors.password && say(errors.password)}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password) setErrors(({ password: _cleared, ...rest }) => rest);
            }}
          />
          <div className="auth-row">
            <Link to="/forgotpassword">{t.auth.forgotPassword}</Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={noSchool || busy}>
            {busy ? t.auth.signingIn : t.auth.signIn}
          </button>
        </form>
        <p className="auth-links">
          {t.auth.noAccount} <Link to="/register">{t.auth.registerLink}</Link>
        </p>
      </div>
    </main>
  );
}
