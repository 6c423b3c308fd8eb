/**
 * The answer of POST /api/authUser read with the contract's schema (spec sections 5 and 8): success
 * needs a 2xx status with `success: true`, the data the contract describes with a token, and a
 * student or teacher entry. Loaded with the sign-in request (login-service.ts), so the login page
 * itself carries no schema library.
 */
import { loginDataSchema, type LoginProfile } from '../../../contract/auth';
import type { LanguageCode } from '../../../contract/languages';
import { messages } from '../../../contract/messages';
import type { ApiResponse } from '../../api/client';
import { hasProfileEntry } from '../../session/profile';

export type LoginOutcome =
  | { ok: true; token: string; profile: LoginProfile; language: LanguageCode | null | undefined }
  | { ok: false; message: string };

/** Interprets a 2xx answer of POST /api/authUser. */
export function interpretLoginResponse(response: Pick<ApiResponse, 'success' | 'message' | 'data'>): LoginOutcome {
  if (response.success !== true) return { ok: false, message: response.message || messages.login.failed };
  const data = loginDataSchema.safeParse(response.data);
  if (!data.success || !data.data.jwtToken) return { ok: false, message: messages.login.invalidResponse };
  if (!hasProfileEntry(data.data.profile)) return { ok: false, message: messages.login.invalidProfile };
  return { ok: true, token: data.data.jwtToken, profile: data.data.profile, language: data.data.language };
}
