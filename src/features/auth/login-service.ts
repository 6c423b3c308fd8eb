/**
 * Sign-in call and its outcome rules (spec sections 5 and 8): the answer is read by login-answer.ts,
 * loaded with the request; a refused sign-in is told in the server's or the catalogue's words.
 */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { LoginOutcome } from './login-answer';

export type { LoginOutcome } from './login-answer';

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
    const [response, { interpretLoginResponse }] = await Promise.all([
      apiRequest('POST', paths.authUser, { json: { username: username.trim(), password }, auth: false }),
      import('./login-answer'),
    ]);
    return interpretLoginResponse(response);
  } catch (error) {
    return { ok: false, message: loginFailureMessage(error) };
  }
}
