/**
 * Labels of the recovery screens (English; a language adds an object of the same shape). The spec's
 * own messages and the server's answers live in contract/messages.ts.
 */
export const recoveryTexts = {
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: (school: string) =>
    `Enter the e-mail address you use at ${school}. We will send you a 4-digit code to reset your password.`,
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  sendCode: 'Send code',
  sending: 'Sending...',
  backToLogin: 'Back to sign in',
  chooseSchool: 'Choose your school',
  noSchool: 'Choose your school first: accounts and their passwords belong to one school.',
  otpTitle: 'Enter your code',
  otpSubtitle: (email: string) => `We sent a 4-digit code to ${email} if it has an account at this school.`,
  otpLabel: '4-digit code',
  otpHint: 'The code is valid for 10 minutes.',
  verify: 'Verify',
  verifying: 'Verifying...',
  resend: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds} s`,
  resending: 'Sending...',
  resent: 'A new code is on its way.',
  wrongAddress: 'Use a different e-mail address',
  newPasswordTitle: 'Choose a new password',
  newPasswordSubtitle: 'Your new password replaces the old one and signs you out on every other device.',
  newPasswordLabel: 'New password',
  confirmLabel: 'Confirm new password',
  rulesTitle: 'Your password needs',
  ruleMet: 'done',
  ruleNotMet: 'not yet',
  savePassword: 'Save new password',
  saving: 'Saving...',
  backTitle: (school: string) => `Back to sign in at ${school}`,
};
