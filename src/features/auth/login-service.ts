/**
 * Sign-in call and its outcome rules (spec sections 5 and 8). Success needs a 2xx status with
 * `success: true`, a data object with `jwtToken` and `profile`, and a student or teacher entry.
 */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { isApiError } from '../../api/api-error';
import { apiRequest, type ApiResponse } from '../../api/client';
import { hasProfileEntry, isRecord } from '../../session/profile';

export type LoginOutcome = { ok: true; token: string; profile: unknown } | { ok: false; message: string };

/** Interprets a 2xx answer of POST /api/authUser. */
export function interpretLoginResponse(response: Pick<ApiResponse, 'success' | 'message' | 'data'>): LoginOutcome {
  if (response.success !== true) return { ok: false, message: response.message || messages.login.failed };
  const { data } = response;
  if (!isRecord(data) || typeof data.jwtToken !== 'string' || !data.jwtToken || !isRecord(data.profile)) {
    return { ok: false, message: messages.login.invalidResponse };
  }
  if (!hasProfileEntry(data.profile)) return { ok: false, message: messages.login.invalidProfile };
  return { ok: true, token: data.jwtToken, profile: data.profile };
}

/** Server messages about the account's state, shown as they are. */
const accountStateMessages: readonly string[] = [
  messages.auth.pendingApproval,
  messages.auth.rejected,
  messages.auth.inactive,
  messages.auth.tooManyAttempts,
];

/**
 * A failed sign-in call: the server's own words for rate limits (429) and for accounts that may not
 * sign in yet (pending, rejected, inactive: 401/403); otherwise the client's friendly message of the
 * error catalogue, then the server message, then the login fallback.
 */
export function loginFailureMessage(error: unknown): string {
  if (!isApiError(error)) return messages.login.unexpected;
  const { status, serverMessage } = error.failure;
  if (serverMessage) {
    if (status === 429) return serverMessage;
    if (status === 403) return serverMessage;
    if (status === 401 && accountStateMessages.includes(serverMessage)) return serverMessage;
  }
  return error.message || serverMessage || messages.login.unexpected;
}

export async function signIn(username: string, password: string): Promise<LoginOutcome> {
  try {
    const response = await apiRequest('POST', paths.authUser, {
      json: { username: username.trim(), password },
      auth: false,
    });
    return interpretLoginResponse(response);
  } catch (error) {
    return { ok: false, message: loginFailureMessage(error) };
  }
}
