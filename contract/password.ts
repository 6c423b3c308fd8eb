/**
 * Password rules and the account-recovery requests (spec sections 2, 4, 5: forgot password, a
 * 4-digit one-time code, verify, resend) plus changing a password while signed in. The same rules
 * run in the browser (the checklist shown before submitting) and on the server.
 */
import { z } from 'zod';
import { messages } from './messages';
import { otpLength, passwordMaxLength, passwordProblems } from './password-rules';

export {
  otpLength,
  otpMaxTries,
  otpResendCooldownSeconds,
  otpTtlSeconds,
  passwordChecklist,
  passwordMaxLength,
  passwordMinLength,
  passwordProblems,
  type PasswordContext,
  type PasswordRuleId,
} from './password-rules';

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
