/**
 * /register's second step (docs/decisions.md, "Hardening"): the code the server mailed to
 * the address, with Resend after the cooldown and a way to skip and wait for the school. The server
 * answers every failed code alike ('Invalid OTP. Please try again.'); like /otp, this step knows when
 * its code was sent and how many were wrong, so it can say "expired" or "too many tries" itself.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages';
import type { RegistrationCodeStep } from '../../../contract/registration-rules';
import { say, t, useLanguage } from '../../i18n';
import { codeStatus, resendWaitSeconds, type RecoveryState } from '../../kit/recovery-state';
import { confirmRegistration, resendRegistrationCode } from './register-service';
import './RegisterCodeStep.css';

interface Props {
  email: string;
  password: string;
  step: RegistrationCodeStep;
  /** The register answer's message: what was mailed and why. */
  sentMessage: string;
  /** Registration is over (confirmed, or skipped): the page shows the message and moves on. */
  onFinished(message: string): void;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function RegisterCodeStep({ email, password, step, sentMessage, onFinished }: Props) {
  const language = useLanguage();
  // The recovery screen's clock: when the code was sent and how many wrong entries since.
  const [code, setCode] = useState<RecoveryState>(() => ({ email, tenantId: '', sentAt: Date.now(), wrongTries: 0 }));
  const [codesSent, setCodesSent] = useState(1);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(sentMessage);
  const [busy, setBusy] = useState<'confirm' | 'resend' | 'done' | null>(null);
  const now = useNow(1000);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${t.register.codeTitle} · ${messages.ui.productName}`;
  }, [language]);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const wait = resendWaitSeconds(code, now);
  const status = codeStatus(code, now);
  const canResend = codesSent < step.maxCodes;

  const finish = (message: string) => {
    setBusy('done');
    onFinished(message);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    if (!new RegExp(`^\\d{${step.length}}$`).test(otp)) {
      setError(messages.otp.incomplete);
      return;
    }
    const live = codeStatus(code, Date.now());
    if (live !== 'live') {
      setError(live === 'expired' ? messages.recovery.codeExpired : messages.recovery.tooManyTries);
      return;
    }
    setBusy('confirm');
    const outcome = await confirmRegistration(email, password, otp);
    if (outcome.ok) {
      setError('');
      finish(outcome.message);
      return;
    }
    setBusy(null);
    if (outcome.status === 400 && outcome.message === messages.otp.invalid) {
      const next = { ...code, wrongTries: code.wrongTries + 1 };
      setCode(next);
      const after = codeStatus(next, Date.now());
      setError(after === 'burnt' ? messages.recovery.tooManyTries : after === 'expired' ? messages.recovery.codeExpired : messages.otp.invalid);
      setOtp('');
      return;
    }
    setError(outcome.message);
  };

  const resend = async () => {
    if (busy || wait > 0 || !canResend) return;
    setBusy('resend');
    setError('');
    const outcome = await resendRegistrationCode(email, password);
    setBusy(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setCode({ ...code, sentAt: Date.now(), wrongTries: 0 });
    setCodesSent(codesSent + 1);
    setOtp('');
    setNotice(outcome.message);
  };

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const resendLabel =
    busy === 'resend' ? t.register.resendingCode : wait > 0 && canResend ? t.register.resendCodeIn({ seconds: wait }) : t.register.resendCode;

  return (
    <>
      <h1>{t.register.codeTitle}</h1>
      <p className="auth-subtitle register-code-subtitle">{t.register.codeSubtitle({ email })}</p>
      {notice && (
        <p className="alert alert-info" role="status">
          {say(notice)}
        </p>
      )}
      <form noValidate onSubmit={confirm} aria-busy={busy === 'confirm'}>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {t.register.codeLabel({ digits: step.length })}
          </label>
          <input
            ref={input}
            id={inputId}
            className="field-input register-code-input"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={step.length}
            value={otp}
            disabled={busy === 'done'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setOtp(event.target.value.replace(/\D/g, '').slice(0, step.length));
              if (error) setError('');
            }}
          />
          <p className="field-hint" id={hintId}>
            {t.register.codeHint({ minutes: Math.round(step.expiresInSeconds / 60) })}
          </p>
          {error && (
            <p className="field-error" id={errorId} role="alert">
              {say(error)}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null || status === 'burnt'}>
          {busy === 'confirm' ? t.register.confirmingCode : t.register.confirmCode}
        </button>
      </form>
      <div className="register-code-actions">
        <button type="button" className="btn btn-secondary btn-block" onClick={resend} disabled={busy !== null || wait > 0 || !canResend}>
          {resendLabel}
        </button>
        {!canResend && <p className="field-hint">{t.register.noMoreCodes}</p>}
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => finish(messages.register.successPending)}
          disabled={busy !== null}
          aria-describedby={`${inputId}-skip`}
        >
          {t.register.skipCode}
        </button>
        <p className="field-hint" id={`${inputId}-skip`}>
          {t.register.skipNote}
        </p>
      </div>
    </>
  );
}
