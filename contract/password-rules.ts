/**
 * Password and one-time-code rules without zod, so screens can show the checklist without loading
 * a schema library; contract/password.ts builds the request schemas on them.
 */
import { messages } from './messages';

export const otpLength = 4;
/** A code is valid this long after it was sent. */
export const otpTtlSeconds = 10 * 60;
/** Wrong entries a code survives; the fifth wrong one burns it. */
export const otpMaxTries = 5;
/** Seconds between two codes for the same address (the Resend button counts them down). */
export const otpResendCooldownSeconds = 30;

export const passwordMinLength = 8;
export const passwordMaxLength = 256;

export type PasswordRuleId = keyof typeof messages.password.rules;

export interface PasswordContext {
  /** The account's e-mail address, which the password must not be. */
  email?: string;
  /** The current password, which a new password must differ from (change password only). */
  current?: string;
}

const ruleChecks: Record<PasswordRuleId, (password: string, context: PasswordContext) => boolean> = {
  length: (password) => password.length >= passwordMinLength,
  letterAndDigit: (password) => /\p{L}/u.test(password) && /\d/.test(password),
  notEmail: (password, { email }) => !email || password.trim().toLowerCase() !== email.trim().toLowerCase(),
  notCurrent: (password, { current }) => !current || password !== current,
};

const ruleMessages: Record<PasswordRuleId, string> = {
  length: messages.password.tooShort,
  letterAndDigit: messages.password.letterAndDigit,
  notEmail: messages.password.notEmail,
  notCurrent: messages.password.sameAsCurrent,
};

/** The checklist: each rule that applies in this context, with its label and whether it is met. */
export function passwordChecklist(
  password: string,
  context: PasswordContext = {},
): { id: PasswordRuleId; label: string; met: boolean }[] {
  const ids: PasswordRuleId[] = ['length', 'letterAndDigit'];
  if (context.email !== undefined) ids.push('notEmail');
  if (context.current !== undefined) ids.push('notCurrent');
  return ids.map((id) => ({ id, label: messages.password.rules[id], met: ruleChecks[id](password, context) }));
}

/** Error messages of the rules the password breaks (empty when it is acceptable). */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems = passwordChecklist(password, context)
    .filter((rule) => !rule.met)
    .map((rule) => ruleMessages[rule.id]);
  if (password.length > passwordMaxLength) problems.push(messages.password.tooLong);
  return problems;
}

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5, forgot password: the address is required and must look like one. */
export function recoveryEmailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return messages.forgotPassword.emailRequired;
  if (value.length > 254 || !emailShape.test(value)) return messages.forgotPassword.emailInvalid;
  return undefined;
}

/** Spec section 5, OTP: exactly four digits. */
export function otpError(otp: string): string | undefined {
  return new RegExp(`^\\d{${otpLength}}$`).test(otp.trim()) ? undefined : messages.otp.incomplete;
}
