/**
 * /register (spec sections 2, 4, 5 and 8): create an account at the chosen school. When the server
 * mailed a code to the address, the code step follows (RegisterCodeStep); once registration is over
 * (no code step, the code confirmed, or the step skipped) the message shows and the user goes to
 * /login with e-mail and password prefilled (1000 ms). Without a school, back to /school-selection
 * (1500 ms).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { afterToastShown } from '../../ui/after-toast';
import { messages } from '../../../contract/messages';
import type { RegistrationCodeStep } from '../../../contract/registration-rules';
import { roleCodes, type RoleName } from '../../../contract/roles';
import { around, say, t, useLanguage } from '../../i18n';
import { currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { PasswordField, TextField } from '../../ui/fields';
import { BackIcon } from '../../ui/icons';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { RegisterCodeStep } from './RegisterCodeStep';
import { register } from './register-service';
import {
  canSubmitRegister,
  passwordMismatch,
  validateRegister,
  type RegisterErrors,
  type RegisterInput,
} from './validation';
import './auth.css';

/** Spec section 9. */
export const postRegisterDelayMs = 1000;
export const missingSchoolDelayMs = 1500;

/** The select's order of spec section 2: Student, Teacher, Admin, Parent. */
const roleOptions: readonly RoleName[] = ['student', 'teacher', 'admin', 'parent'];

const emptyForm: RegisterInput = { email: '', password: '', confirmPassword: '', role: '', termsAccepted: false };

export default function RegisterPage() {
  const language = useLanguage();
  const navigate = useNavigate();
  const [school] = useState(() => currentSchool(sessionStore.stores));
  const [form, setForm] = useState<RegisterInput>(emptyForm);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [codeStep, setCodeStep] = useState<{ step: RegistrationCodeStep; message: string } | null>(null);
  const cancelRedirect = useRef<() => void>(() => undefined);
  const roleId = useId();
  const termsId = useId();

  useEffect(() => {
    document.title = `${t.register.title} · ${messages.ui.productName}`;
  }, [language]);

  useEffect(() => {
    if (school) return undefined;
    toast.error(say(messages.login.schoolRequired), { id: 'register-no-school' });
    const id = window.setTimeout(() => navigate('/school-selection'), missingSchoolDelayMs);
    return () => window.clearTimeout(id);
  }, [school, navigate]);

  useEffect(() => () => cancelRedirect.current(), []);

  const update = <K extends keyof RegisterInput>(key: K, value: RegisterInput[K], errorKey: keyof RegisterErrors) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !canSubmitRegister(form, submitting)) return;
    if (!school) {
      setFormError(messages.login.schoolRequired);
      return;
    }
    const found = validateRegister(form);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const outcome = await register(form.email, form.password, Number(form.role));
    if (!outcome.ok) {
      setFormError(outcome.message);
      setSubmitting(false);
      return;
    }
    if (outcome.codeStep) {
      setCodeStep({ step: outcome.codeStep, message: outcome.message });
      return;
    }
    finish(outcome.message);
  };

  /** Registration is over: the message, then /login with e-mail and password after 1000 ms. */
  const finish = (message: string) => {
    toast.success(say(message));
    const query = new URLSearchParams({ email: form.email.trim(), password: form.password });
    cancelRedirect.current = afterToastShown(postRegisterDelayMs, () => navigate(`/login?${query.toString()}`));
  };

  const mismatch = passwordMismatch(form.password, form.confirmPassword);
  const [termsBefore, termsAfter] = around(t.register.terms);
  const disabled = !school;

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
        {codeStep ? (
          <RegisterCodeStep
            email={form.email.trim()}
            password={form.password}
            step={codeStep.step}
            sentMessage={codeStep.message}
            onFinished={finish}
          />
        ) : (
          <>
            <h1>{t.register.title}</h1>
            {school?.schoolName && <p className="auth-subtitle">{t.register.subtitle({ school: school.schoolName })}</p>}
            {!school && (
              <p className="alert alert-error" role="alert">
                {say(messages.login.schoolRequired)}
              </p>
            )}
            {formError && school && (
              <p className="alert alert-error" role="alert">
                {say(formError)}
              </p>
            )}
            <form noValidate onSubmit={submit} aria-busy={submitting}>
              <TextField
                label={t.auth.emailLabel}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t.auth.emailPlaceholder}
                value={form.email}
                disabled={disabled}
                error={errors.email && say(errors.email)}
                onChange={(event) => update('email', event.target.value, 'email')}
              />
              <PasswordField
                label={t.auth.passwordLabel}
                name="password"
                autoComplete="new-password"
                value={form.password}
                disabled={disabled}
                hint={t.register.passwordHint}
                error={errors.password && say(errors.password)}
                onChange={(event) => update('password', event.target.value, 'password')}
              />
              <PasswordField
                label={t.register.confirmPasswordLabel}
                name="confirmPassword"
                autoComplete="new-password"
                value={form.confirmPassword}
                disabled={disabled}
                error={say(errors.confirmPassword ?? mismatch ?? '') || undefined}
                onChange={(event) => update('confirmPassword', event.target.value, 'confirmPassword')}
              />
              <div className="field">
                <label className="field-label" htmlFor={roleId}>
                  {t.register.roleLabel}
                </label>
                <select
                  id={roleId}
                  name="role"
                  className="field-input field-select"
                  value={form.role}
                  disabled={disabled}
                  aria-invalid={errors.role ? true : undefined}
                  aria-describedby={errors.role ? `${roleId}-error` : undefined}
                  onChange={(event) => update('role', event.target.value, 'role')}
                >
                  <option value="">{t.register.rolePlaceholder}</option>
                  {roleOptions.map((role) => (
                    <option key={role} value={String(roleCodes[role])}>
                      {t.register.roles[role]}
                    </option>
                  ))}
                </select>
                {errors.role && (
                  <p className="field-error" id={`${roleId}-error`}>
                    {say(errors.role)}
                  </p>
                )}
              </div>
              <div className="checkbox-block">
                <div className="checkbox-field">
                  <input
                    id={termsId}
                    type="checkbox"
                    name="terms"
                    checked={form.termsAccepted}
                    disabled={disabled}
                    aria-invalid={errors.terms ? true : undefined}
                    aria-describedby={errors.terms ? `${termsId}-error` : undefined}
                    onChange={(event) => update('termsAccepted', event.target.checked, 'terms')}
                  />
                  <label htmlFor={termsId}>
                    {termsBefore}
                    <Link to="/terms-of-service" target="_blank" rel="noopener">
                      {t.register.termsLink}
                    </Link>
                    {termsAfter}
                  </label>
                </div>
                {errors.terms && (
                  <p className="field-error" id={`${termsId}-error`}>
                    {say(errors.terms)}
                  </p>
                )}
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={disabled || !canSubmitRegister(form, submitting)}>
                {submitting ? t.register.submitting : t.register.submit}
              </button>
            </form>
            <p className="auth-links">
              {t.register.haveAccount} <Link to="/login">{t.register.signInLink}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
