/**
 * Password rules and the account-recovery requests (spec sections 2, 4, 5: forgot password, a
 * 4-digit one-time code, verify, resend) plus changing a password while signed in. The same rules
 * run in the browser (the checklist shown before submitting) and on the server.
 */
import { z } from 'zod';
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

/** A new password: the context-free rules (the server adds e-mail and current-password checks). */
export const newPasswordSchema = z.string(messages.password.tooShort).superRefine((password, context) => {
  for (const message of passwordProblems(password)) context.addIssue({ code: 'custom', message });
});

export const recoveryEmailSchema = z
  .string(messages.forgotPassword.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, messages.forgotPassword.emailRequired)
  .max(254, messages.forgotPassword.emailInvalid)
  .pipe(z.email(messages.forgotPassword.emailInvalid));

export const otpSchema = z
  .string(messages.otp.incomplete)
  .trim()
  .regex(new RegExp(`^\\d{${otpLength}}$`), messages.otp.incomplete);

export const forgotPasswordRequestSchema = z.object({ email: recoveryEmailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const verifyOtpRequestSchema = z.object({ email: recoveryEmailSchema, otp: otpSchema });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const verifyOtpDataSchema = z.object({ resetToken: z.string(), expiresInSeconds: z.number() });
export type VerifyOtpData = z.infer<typeof verifyOtpDataSchema>;

export const resetPasswordRequestSchema = z.object({
  email: recoveryEmailSchema,
  resetToken: z.string().min(16).max(200),
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string(messages.password.currentRequired)
    .min(1, messages.password.currentRequired)
    .max(passwordMaxLength, messages.password.currentWrong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The answer of a password change: a fresh token for this device (older ones stop working). */
export const changePasswordDataSchema = z.object({ jwtToken: z.string() });
export type ChangePasswordData = z.infer<typeof changePasswordDataSchema>;
