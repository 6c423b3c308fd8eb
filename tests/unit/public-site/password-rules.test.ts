/** Password checklist, OTP and recovery e-mail rules; the recovery flow's local code status. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { otpError, passwordChecklist, passwordProblems, recoveryEmailError } from '../../../contract/password-rules';
import { codeStatus, resendWaitSeconds } from '../../../src/kit/recovery-state';

describe('password rules', () => {
  it('lists the rules that apply, met or not', () => {
    expect(passwordChecklist('abc', {}).map((rule) => [rule.id, rule.met])).toEqual([
      ['length', false],
      ['letterAndDigit', false],
    ]);
    expect(passwordChecklist('Secret-2025', { email: 'a@b.in', current: 'Old-2024x' }).every((rule) => rule.met)).toBe(true);
    expect(passwordChecklist('Secret-2025', { current: 'Secret-2025' }).find((rule) => rule.id === 'notCurrent')?.met).toBe(false);
  });

  it('explains every broken rule', () => {
    expect(passwordProblems('short')).toEqual([messages.password.tooShort, messages.password.letterAndDigit]);
    expect(passwordProblems('ravi2025@example.in', { email: 'Ravi2025@Example.in' })).toEqual([messages.password.notEmail]);
    expect(passwordProblems(`a1${'x'.repeat(300)}`)).toEqual([messages.password.tooLong]);
    expect(passwordProblems('कक्षा-2025-पासवर्ड')).toEqual([]);
  });
});

describe('recovery inputs (spec section 5)', () => {
  it('uses the spec messages', () => {
    expect(recoveryEmailError('')).toBe(messages.forgotPassword.emailRequired);
    expect(recoveryEmailError('x@y')).toBe(messages.forgotPassword.emailInvalid);
    expect(recoveryEmailError(' a@b.in ')).toBeUndefined();
    expect(otpError('123')).toBe(messages.otp.incomplete);
    expect(otpError('12a4')).toBe(messages.otp.incomplete);
    expect(otpError('0042')).toBeUndefined();
  });

  it('knows when a code expired, burnt, or may be resent', () => {
    const state = { email: 'a@b.in', tenantId: 't', sentAt: 1_000_000, wrongTries: 0 };
    expect(codeStatus(state, 1_000_000 + 599_000)).toBe('live');
    expect(codeStatus(state, 1_000_000 + 601_000)).toBe('expired');
    expect(codeStatus({ ...state, wrongTries: 5 }, 1_000_000)).toBe('burnt');
    expect(resendWaitSeconds(state, 1_000_000 + 10_000)).toBe(20);
    expect(resendWaitSeconds(state, 1_000_000 + 31_000)).toBe(0);
  });
});
