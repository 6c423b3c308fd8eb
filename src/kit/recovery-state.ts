/**
 * Where the user is in the reset flow, kept in this tab's session storage so /otp survives a reload
 * or a trip to /maintenance: the address, the school, when the last code was sent and how many wrong
 * codes were entered since. The reset token is never stored; it lives in memory only.
 */
import { otpMaxTries, otpResendCooldownSeconds, otpTtlSeconds } from '../../contract/password-rules';

export interface RecoveryState {
  email: string;
  tenantId: string;
  /** Milliseconds since the epoch when the last code was requested. */
  sentAt: number;
  wrongTries: number;
}

const key = 'kaksha_password_recovery';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadRecovery(tenantId: string | undefined): RecoveryState | null {
  try {
    const raw = storage()?.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const state = value as Partial<RecoveryState>;
    if (
      typeof state.email !== 'string' ||
      typeof state.tenantId !== 'string' ||
      typeof state.sentAt !== 'number' ||
      typeof state.wrongTries !== 'number' ||
      state.tenantId !== tenantId
    ) {
      return null;
    }
    return state as RecoveryState;
  } catch {
    return null;
  }
}

export function saveRecovery(state: RecoveryState | null): void {
  const store = storage();
  if (!store) return;
  if (state) store.setItem(key, JSON.stringify(state));
  else store.removeItem(key);
}

/** Seconds until Resend may be used again (0 when it may). */
export function resendWaitSeconds(state: RecoveryState, now: number): number {
  return Math.max(0, Math.ceil((state.sentAt + otpResendCooldownSeconds * 1000 - now) / 1000));
}

/** The code's life as this device knows it: the server keeps the same rules. */
export function codeStatus(state: RecoveryState, now: number): 'live' | 'expired' | 'burnt' {
  if (now - state.sentAt > otpTtlSeconds * 1000) return 'expired';
  if (state.wrongTries >= otpMaxTries) return 'burnt';
  return 'live';
}
