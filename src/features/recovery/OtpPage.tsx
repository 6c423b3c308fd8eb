/**
 * /otp (spec sections 2, 4, 5, 8): the 4-digit code sent by /forgotpassword; Verify, and Resend
 * once its cooldown has passed. A verified code opens the new-password step on this page. The
 * server answers every failed code the same way ('Invalid OTP. Please try again.'); this page also
 * knows when its code was sent, so it can say when the code has expired or was tried five times.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { messages } from '../../../contract/messages';
import { otpError, otpLength } from '../../../contract/password-rules';
import { currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { NewPasswordStep } from './NewPasswordStep';
import { RecoveryCard } from './RecoveryCard';
import { codeStatus, loadRecovery, resendWaitSeconds, saveRecovery, type RecoveryState } from '../../kit/recovery-state';
import { requestCode, verifyCode } from './recovery-service';
import { say, useLanguage } from '../../i18n';
import { recoveryTexts as text } from './recovery-texts';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The notice after a resend is our own words, read when shown (the others are the server's). */
const resentNotice = '\u0000resent';

export default function OtpPage() {
  useLanguage();
  const [school] = useState(() => currentSchool(sessionStore.stores));
  const [state, setState] = useState<RecoveryState | null>(() => loadRecovery(school?.tenantId));
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const now = useNow(1000);
  const inputId = useId();

  if (!state || !school) return <Navigate to="/forgotpassword" replace />;

  const update = (next: RecoveryState) => {
    setState(next);
    saveRecovery(next);
  };
  const wait = resendWaitSeconds(state, now);
  const status = codeStatus(state, now);
  const backLabel = text.backToLogin;

  if (resetToken) {
    return (
      <RecoveryCard title={text.newPasswordTitle} subtitle={state.email} backTo="/login" backLabel={backLabel}>
        <NewPasswordStep
          email={state.email}
          resetToken={resetToken}
          onExpired={(message) => {
            setResetToken(null);
            setOtp('');
            setError(message);
          }}
        />
      </RecoveryCard>
    );
  }

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const problem = otpError(otp);
    if (problem) {
      setError(problem);
      return;
    }
    const live = codeStatus(state, Date.now());
    if (live !== 'live') {
      setError(live === 'expired' ? messages.recovery.codeExpired : messages.recovery.tooManyTries);
      return;
    }
    setBusy('verify');
    const outcome = await verifyCode(state.email, otp);
    setBusy(null);
    if (outcome.ok) {
      setError('');
      setResetToken(outcome.data.resetToken);
      return;
    }
    if (outcome.status === 400 && outcome.message === messages.otp.invalid) {
      const next = { ...state, wrongTries: state.wrongTries + 1 };
      update(next);
      const after = codeStatus(next, Date.now());
      setError(after === 'burnt' ? messages.recovery.tooManyTries : after === 'expired' ? messages.recovery.codeExpired : messages.otp.invalid);
      setOtp('');
      return;
    }
    setError(outcome.message);
  };

  const resend = async () => {
    if (busy || wait > 0) return;
    setBusy('resend');
    setError('');
    const outcome = await requestCode(state.email);
    setBusy(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    update({ ...state, sentAt: Date.now(), wrongTries: 0 });
    setOtp('');
    setNotice(resentNotice);
  };

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  return (
    <RecoveryCard title={text.otpTitle} subtitle={text.otpSubtitle({ email: state.email })} backTo="/forgotpassword" backLabel={text.wrongAddress}>
      {notice && (
        <p className="alert alert-info" role="status">
          {notice === resentNotice ? text.resent : say(notice)}
        </p>
      )}
      <form noValidate onSubmit={verify} aria-busy={busy !== null}>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {text.otpLabel}
          </label>
          <input
            id={inputId}
            className="field-input otp-input"
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={otpLength}
            value={otp}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setOtp(event.target.value.replace(/\D/g, '').slice(0, otpLength));
              if (error) setError('');
            }}
          />
          <p className="field-hint" id={hintId}>
            {text.otpHint}
          </p>
          {error && (
            <p className="field-error" id={errorId} role="alert">
              {say(error)}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null || status === 'burnt'}>
          {busy === 'verify' ? text.verifying : text.verify}
        </button>
      </form>
      <div className="recovery-resend">
        <button type="button" className="btn btn-secondary btn-block" onClick={resend} disabled={busy !== null || wait > 0}>
          {busy === 'resend' ? text.resending : wait > 0 ? text.resendIn({ seconds: wait }) : text.resend}
        </button>
      </div>
      <p className="recovery-links">
        <Link to="/forgotpassword">{text.wrongAddress}</Link>
        <Link to="/login">{text.backToLogin}</Link>
      </p>
    </RecoveryCard>
  );
}
