/** Client-side checks of spec section 5 for /login and /register, with the spec's messages. */
import { messages } from '../../../contract/messages';
import { roleFromCode } from '../../../contract/roles';

/** The {email} shape: something@something.tld, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

export interface LoginInput {
  email: string;
  password: string;
  hasSchool: boolean;
}

export type LoginErrors = Partial<Record<'email' | 'password' | 'school', string>>;

export function validateLogin({ email, password, hasSchool }: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = messages.login.usernameRequired;
  else if (!isEmail(email)) errors.email = messages.login.emailInvalid;
  if (!password) errors.password = messages.login.passwordRequired;
  if (!hasSchool) errors.school = messages.login.schoolRequired;
  return errors;
}

export interface RegisterInput {
  email: string;
  password: string;
  confirmPassword: string;
  /** The role select's value: '' or a role code. */
  role: string;
  termsAccepted: boolean;
}

export type RegisterErrors = Partial<Record<'email' | 'password' | 'confirmPassword' | 'role' | 'terms', string>>;

export const minPasswordLength = 8;

/** 'Passwords do not match.' as soon as both are typed and differ (shown live). */
export function passwordMismatch(password: string, confirmPassword: string): string | undefined {
  return confirmPassword && password !== confirmPassword ? messages.register.mismatch : undefined;
}

export function validateRegister(input: RegisterInput): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!input.email.trim()) errors.email = messages.register.emailRequired;
  else if (!isEmail(input.email)) errors.email = messages.register.emailInvalid;
  if (!input.password) errors.password = messages.register.passwordRequired;
  else if (input.password.length < minPasswordLength) errors.password = messages.register.weakPassword;
  if (!input.confirmPassword) errors.confirmPassword = messages.register.confirmRequired;
  else if (input.password !== input.confirmPassword) errors.confirmPassword = messages.register.mismatch;
  if (!input.role || roleFromCode(Number(input.role)) === undefined) errors.role = messages.register.roleRequired;
  if (!input.termsAccepted) errors.terms = messages.register.termsRequired;
  return errors;
}

/** The register button is enabled only when every field is filled and the terms are accepted. */
export function canSubmitRegister(input: RegisterInput, submitting: boolean): boolean {
  return (
    !submitting &&
    input.termsAccepted &&
    Boolean(input.email.trim() && input.password && input.confirmPassword && input.role)
  );
}
