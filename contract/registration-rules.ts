/**
 * Confirming a registration with a code mailed to the address (docs/decisions.md, "Hardening"),
 * without zod so /register can use it: the code's length, how many codes one
 * registration may receive, and the shape of the register answer.
 */
import type { RoleName } from './roles';

/**
 * Six digits, not the OTP screen's four: a confirmed code opens a school's records (students'
 * Aadhaar numbers), and 5 codes x 5 tries against 10^6 values is a 1-in-40,000 guess per address.
 */
export const registrationCodeLength = 6;
/** Codes one registration may receive (the first and four resends); then only an admin can approve it. */
export const registrationCodesPerAccount = 5;

/** The code step the register answer offers: null when no code was mailed (admin role, no mail). */
export interface RegistrationCodeStep {
  length: number;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  maxCodes: number;
}

/**
 * The answer of POST /Register, the same for a new address, an address on a school record and an
 * address that already has an account: the account is pending until its code is confirmed.
 */
export interface RegisterData {
  status: 'pending';
  role: RoleName;
  codeStep: RegistrationCodeStep | null;
}

/** The answer of POST /Register/confirm: active when the school holds the address on a matching record. */
export interface ConfirmRegistrationData {
  status: 'active' | 'pending';
}
